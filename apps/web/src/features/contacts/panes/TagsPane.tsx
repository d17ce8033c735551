import { useState } from 'react';
import type { Tag } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { Empty } from '../../../ui/Empty';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast-store';
import { useTagOp, useTags } from '../../friends';
import { PlusIcon } from '../../../ui/icons';
import { PaneFrame } from './PaneFrame';
import { TagMembers } from './TagMembers';
import { TagNameDialog } from './TagNameDialog';

/** 标签: my tags (create) and, for the selected tag, its members (add, remove, rename, delete). */
export function TagsPane({
  tagId,
  onSelect,
  onBack,
}: {
  tagId: number | null;
  onSelect(id: number | null): void;
  onBack(): void;
}) {
  const { t } = useTranslation('contacts');
  const tags = useTags();
  const op = useTagOp();
  const [creating, setCreating] = useState(false);
  const selected = tags.data?.find((x) => x.id === tagId) ?? null;

  const handleCreate = (name: string) =>
    op.mutate(
      { op: 'create', name },
      {
        onSuccess: (tag) => {
          toast.success(t('tags.created'));
          setCreating(false);
          if (tag) onSelect(tag.id);
        },
      },
    );

  return (
    <PaneFrame
      title={t('entry.tags')}
      onBack={onBack}
      actions={
        <button
          type="button"
          className="btn ct-btn-sm"
          onClick={() => setCreating(true)}
          data-testid="tag-create"
        >
          <PlusIcon />
          {t('tags.create')}
        </button>
      }
    >
      {tags.isLoading ? (
        <div className="ct-loading">
          <Spinner size={20} />
        </div>
      ) : !tags.data?.length ? (
        <Empty text={t('tags.empty')}>
          <button type="button" className="btn btn--primary" onClick={() => setCreating(true)}>
            {t('tags.create')}
          </button>
        </Empty>
      ) : (
        <div className="ct-tags">
          <ul className="ct-tags__list" data-testid="tag-list">
            {tags.data.map((tag: Tag) => (
              <li key={tag.id}>
                <button
                  type="button"
                  className={`ct-tagrow${tag.id === tagId ? ' ct-tagrow--active' : ''}`}
                  onClick={() => onSelect(tag.id)}
                  data-testid="tag-row"
                  data-tag={tag.tagName}
                >
                  <span className="ct-tagrow__name">{tag.tagName}</span>
                  <span className="ct-tagrow__count">{t('tags.count', { count: tag.userCount })}</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="ct-tags__detail">
            {selected ? (
              <TagMembers key={selected.id} tag={selected} onDeleted={() => onSelect(null)} />
            ) : (
              <Empty text={t('tags.pick')} />
            )}
          </div>
        </div>
      )}
      {creating && (
        <TagNameDialog
          title={t('tags.create')}
          busy={op.isPending}
          onSubmit={handleCreate}
          onClose={() => setCreating(false)}
        />
      )}
    </PaneFrame>
  );
}
