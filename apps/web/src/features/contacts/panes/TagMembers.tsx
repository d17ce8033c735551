import { useMemo, useState } from 'react';
import type { Tag } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/Avatar';
import { confirm } from '../../../ui/confirm';
import { Empty } from '../../../ui/Empty';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast-store';
import { useTagOp, toPickerItems, ProfilePopover, useFriends, useTagUsers } from '../../friends';
import { PeoplePickerDialog } from '../../people-picker';
import { RemoveIcon } from '../../../ui/icons';
import { TagNameDialog } from './TagNameDialog';

/** One tag: its members in a grid (each opens the contact popup), add via the people picker, remove, rename, delete. */
export function TagMembers({ tag, onDeleted }: { tag: Tag; onDeleted(): void }) {
  const { t } = useTranslation('contacts');
  const users = useTagUsers(tag.id);
  const friends = useFriends();
  const op = useTagOp();
  const [picking, setPicking] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const memberIds = useMemo(() => new Set((users.data ?? []).map((u) => u.wtId)), [users.data]);
  const candidates = useMemo(
    () => toPickerItems((friends.data ?? []).filter((f) => !memberIds.has(f.wtId))),
    [friends.data, memberIds],
  );

  const handleAdd = (wtIds: string[]) =>
    op.mutate(
      { op: 'addUsers', id: tag.id, wtIds },
      {
        onSuccess: () => {
          toast.success(t('tags.added'));
          setPicking(false);
        },
      },
    );
  const handleRemove = (wtId: string) =>
    op.mutate(
      { op: 'removeUsers', id: tag.id, wtIds: [wtId] },
      { onSuccess: () => toast.success(t('tags.removed')) },
    );
  const handleRename = (name: string) =>
    op.mutate(
      { op: 'rename', id: tag.id, name },
      {
        onSuccess: () => {
          toast.success(t('tags.renamed'));
          setRenaming(false);
        },
      },
    );
  const handleDelete = async () => {
    const ok = await confirm({
      title: t('tags.deleteTitle'),
      message: t('tags.deleteText', { name: tag.tagName }),
      confirmText: t('tags.delete'),
      danger: true,
    });
    if (!ok) return;
    op.mutate(
      { op: 'delete', id: tag.id },
      { onSuccess: () => (toast.success(t('tags.deleted')), onDeleted()) },
    );
  };

  return (
    <div className="ct-tagdetail" data-testid="tag-detail">
      <header className="ct-tagdetail__head">
        <h3>
          {tag.tagName}
          <span className="ct-muted">{t('tags.count', { count: tag.userCount })}</span>
        </h3>
        <div className="ct-tagdetail__actions">
          <button
            type="button"
            className="btn btn--primary ct-btn-sm"
            onClick={() => setPicking(true)}
            data-testid="tag-add-members"
          >
            {t('tags.addMembers')}
          </button>
          <button
            type="button"
            className="btn ct-btn-sm"
            onClick={() => setRenaming(true)}
            data-testid="tag-rename"
          >
            {t('tags.rename')}
          </button>
          <button
            type="button"
            className="btn ct-btn-sm ct-btn-danger"
            onClick={() => void handleDelete()}
            data-testid="tag-delete"
          >
            {t('tags.delete')}
          </button>
        </div>
      </header>
      {users.isLoading ? (
        <div className="ct-loading">
          <Spinner size={20} />
        </div>
      ) : !users.data?.length ? (
        <Empty text={t('tags.noMembers')} />
      ) : (
        <ul className="ct-grid" data-testid="tag-members">
          {users.data.map((u) => {
            const name = u.remark || u.nickName || u.wtId;
            return (
              <li key={u.wtId} className="ct-grid__cell">
                <ProfilePopover wtId={u.wtId} side="bottom">
                  <button type="button" className="ct-person" data-testid="tag-member" data-wtid={u.wtId}>
                    <Avatar src={u.avatar} name={name} size={48} decorative />
                    <span className="ct-person__name">{name}</span>
                  </button>
                </ProfilePopover>
                <button
                  type="button"
                  className="ct-person__remove"
                  aria-label={t('tags.removeMember', { name })}
                  onClick={() => handleRemove(u.wtId)}
                  data-testid="tag-member-remove"
                >
                  <RemoveIcon size={18} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <PeoplePickerDialog
        open={picking}
        title={t('tags.addMembersTitle', { name: tag.tagName })}
        items={candidates}
        loading={friends.isLoading}
        type="friend"
        busy={op.isPending}
        onConfirm={(picked) => handleAdd(picked.map((p) => p.id))}
        onCancel={() => setPicking(false)}
      />
      {renaming && (
        <TagNameDialog
          title={t('tags.rename')}
          initial={tag.tagName}
          busy={op.isPending}
          onSubmit={handleRename}
          onClose={() => setRenaming(false)}
        />
      )}
    </div>
  );
}
