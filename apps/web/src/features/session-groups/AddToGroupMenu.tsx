import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { Empty } from '../../ui/Empty';
import { Modal } from '../../ui/Modal';
import { toast } from '../../ui/toast-store';
import { relationRef, sessionGroupsApi, useSessionGroups, useSetSessionGroups } from './api';
import type { SessionGroup } from '@parley/protocol';

/** The conversation whose 添加到分组 dialog is open. */
export const useAddToGroup = create<{ conversationID: string | null; open(id: string | null): void }>(
  (set) => ({ conversationID: null, open: (conversationID) => set({ conversationID }) }),
);

/** 添加到分组 from a conversation's context menu: pick one of the user's tabs. */
export function AddToGroupMenu() {
  const { t } = useTranslation('sessionGroups');
  const { conversationID, open } = useAddToGroup();
  const { data: groups = [] } = useSessionGroups();
  const setGroups = useSetSessionGroups();
  const add = async (g: SessionGroup) => {
    if (!conversationID) return;
    const relations = [...g.relationList.map((r) => relationRef(r.sessionId)), relationRef(conversationID)];
    setGroups(await sessionGroupsApi.update(g.id, g.groupName, relations));
    toast.success(t('added'));
    open(null);
  };
  return (
    <Modal
      open={conversationID !== null}
      onOpenChange={(v) => !v && open(null)}
      title={t('addTo')}
      width={360}
    >
      {groups.length === 0 ? (
        <Empty />
      ) : (
        <ul className="sg-list" data-testid="add-to-group-list">
          {groups.map((g) => {
            const inIt = g.relationList.some((r) => r.sessionId === conversationID);
            return (
              <li key={g.id}>
                <button
                  type="button"
                  className="sg-row sg-row--pick"
                  disabled={inIt}
                  data-testid="add-to-group"
                  onClick={() => void add(g)}
                >
                  <span className="sg-row__name">{g.groupName}</span>
                  <span className="sg-row__count">{t('count', { count: g.relationList.length })}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
