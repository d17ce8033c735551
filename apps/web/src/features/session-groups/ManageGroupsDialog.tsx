import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolLimits, type Conversation, type SessionGroup } from '@parley/protocol';
import { Modal } from '../../ui/Modal';
import { SortableList } from '../../ui/SortableList';
import { confirm } from '../../ui/confirm';
import { toast } from '../../ui/toast-store';
import { sessionGroupsApi, useSessionGroups, useSetSessionGroups } from './api';
import { GroupEditor } from './GroupEditor';
import { hiddenGroups, shownGroups } from './logic';
import { useCustomTab } from './tab-store';
import './session-groups.css';
import { ModalActions } from '../../ui/ModalActions';

type Mode = { kind: 'manage' } | { kind: 'add' } | { kind: 'edit'; group: SessionGroup };

/** SPEC: a visibility toggle stays disabled for 1 s after use. */
function useToggleLock(): [boolean, () => void] {
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return [
    locked,
    () => {
      setLocked(true);
      timer.current = setTimeout(() => setLocked(false), ToolLimits.toggleLockMs);
    },
  ];
}

function Row({
  group,
  locked,
  onToggle,
  onEdit,
  onDelete,
}: {
  group: SessionGroup;
  locked: boolean;
  onToggle(): void;
  onEdit(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation('sessionGroups');
  const shown = group.hideStatus === 1;
  return (
    <div className="sg-row" data-testid="session-group-row" data-name={group.groupName}>
      {shown && (
        <span className="sg-row__grip" aria-hidden="true">
          ⋮⋮
        </span>
      )}
      <span className="sg-row__name">{group.groupName}</span>
      <span className="sg-row__count">{t('count', { count: group.relationList.length })}</span>
      <button type="button" className="cv-link" data-testid="session-group-edit" onClick={onEdit}>
        {t('edit')}
      </button>
      <button
        type="button"
        className="cv-link sg-row__danger"
        data-testid="session-group-delete"
        onClick={onDelete}
      >
        {t('delete')}
      </button>
      <button
        type="button"
        className="btn sg-row__toggle"
        disabled={locked}
        data-testid={shown ? 'session-group-hide' : 'session-group-show'}
        onClick={onToggle}
      >
        {shown ? t('hide') : t('show')}
      </button>
    </div>
  );
}

/** 管理分组: reorder (全部 fixed first), hide and show, create, edit and delete custom tabs. */
export function ManageGroupsDialog({
  open,
  onOpenChange,
  conversations,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  conversations: readonly Conversation[];
}) {
  const { t } = useTranslation('sessionGroups');
  const { data: groups = [] } = useSessionGroups();
  const setGroups = useSetSessionGroups();
  const [mode, setMode] = useState<Mode>({ kind: 'manage' });
  const [locked, lock] = useToggleLock();
  const customTab = useCustomTab();
  const shown = shownGroups(groups);
  const hidden = hiddenGroups(groups);
  const before = useRef<SessionGroup[]>(groups);
  useEffect(() => {
    if (open) {
      before.current = groups;
      setMode({ kind: 'manage' });
    }
    // Only on opening: 取消 goes back to the order found then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const toggle = async (g: SessionGroup) => {
    lock();
    const next = g.hideStatus === 1 ? 0 : 1;
    setGroups(await sessionGroupsApi.hide(g.id, next));
    if (next === 0 && customTab.id === g.id) customTab.open(null);
  };
  const reorder = async (next: SessionGroup[]) => {
    const ids = [...next, ...hidden].map((g) => g.id);
    setGroups([...next, ...hidden]);
    setGroups(await sessionGroupsApi.sort(ids));
  };
  const remove = async (g: SessionGroup) => {
    const ok = await confirm({ title: t('deleteConfirm'), message: t('deleteNote'), danger: true });
    if (!ok) return;
    setGroups(await sessionGroupsApi.remove([g.id]));
    if (customTab.id === g.id) customTab.open(null);
    toast.success(t('deleted'));
  };
  /** 取消 puts back the order the tabs had when the panel opened (hide, create, edit and delete stay). */
  const cancel = async () => {
    const alive = new Set(groups.map((g) => g.id));
    const original = before.current.map((g) => g.id).filter((id) => alive.has(id));
    const current = groups.map((g) => g.id).filter((id) => original.includes(id));
    if (original.join() !== current.join()) setGroups(await sessionGroupsApi.sort(original));
    onOpenChange(false);
  };
  const rowProps = (g: SessionGroup) => ({
    group: g,
    locked,
    onToggle: () => void toggle(g),
    onEdit: () => setMode({ kind: 'edit', group: g }),
    onDelete: () => void remove(g),
  });

  const title = mode.kind === 'manage' ? t('manage') : mode.kind === 'add' ? t('create') : t('editTitle');
  return (
    <Modal
      open={open}
      onOpenChange={(v) => (v ? onOpenChange(true) : void cancel())}
      title={title}
      width={mode.kind === 'manage' ? 460 : 640}
      footer={
        mode.kind === 'manage' ? (
          <ModalActions
            cancel={{ label: t('cancel'), onClick: () => void cancel(), testId: 'session-groups-cancel' }}
            confirm={{ label: t('done'), onClick: () => onOpenChange(false), testId: 'session-groups-done' }}
          />
        ) : undefined
      }
    >
      {mode.kind === 'manage' ? (
        <div className="sg-manage" data-testid="session-groups-manage">
          <h3 className="sg-manage__title">{t('shown')}</h3>
          <div className="sg-row sg-row--fixed">
            <span className="sg-row__name">{t('all')}</span>
          </div>
          <SortableList
            items={shown}
            keyOf={(g) => g.id}
            onReorder={(next) => void reorder(next)}
            label={t('shown')}
            className="sg-list"
            itemClassName="sg-item"
            testId="session-groups-shown"
            render={(g) => <Row {...rowProps(g)} />}
          />
          <h3 className="sg-manage__title">{t('hidden')}</h3>
          {hidden.length === 0 ? (
            <p className="sg-manage__none">{t('noneHidden')}</p>
          ) : (
            <ul className="sg-list" data-testid="session-groups-hidden">
              {hidden.map((g) => (
                <li key={g.id} className="sg-item">
                  <Row {...rowProps(g)} />
                </li>
              ))}
            </ul>
          )}
          <button
            type="button"
            className="sg-manage__create"
            data-testid="session-group-create"
            disabled={groups.length >= ToolLimits.sessionGroupsMax}
            title={groups.length >= ToolLimits.sessionGroupsMax ? t('limit') : undefined}
            onClick={() => setMode({ kind: 'add' })}
          >
            + {t('create')}
          </button>
        </div>
      ) : (
        <GroupEditor
          group={mode.kind === 'edit' ? mode.group : undefined}
          conversations={conversations}
          onDone={() => setMode({ kind: 'manage' })}
        />
      )}
    </Modal>
  );
}
