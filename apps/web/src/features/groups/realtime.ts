import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useSocketEvent } from '../../lib/realtime';
import { groupKeys } from './keys';
import { groupDialogs, useGroupUi } from './store';

/**
 * Live group updates: type 5 (a group changed) refetches that group, its members and my list (a
 * dissolved group's are dropped); a removal, quit or dissolution closes its open panel. Type 4 (counters) refreshes the notice lists.
 */
export function useGroupsRealtime(): void {
  const qc = useQueryClient();
  useSocketEvent('5', ({ groupNumber, change }) => {
    void qc.invalidateQueries({ queryKey: groupKeys.mine() });
    if (change === 'dissolved') {
      // Nothing of a dissolved group can be fetched any more (22001 for every member): its data is
      // dropped instead of refetched, quietly; the chat shows '该群聊已被解散' from its state.
      for (const key of [groupKeys.info, groupKeys.membersAll, groupKeys.muted, groupKeys.black])
        qc.removeQueries({ queryKey: key(groupNumber) });
      if (useGroupUi.getState().panel === groupNumber) groupDialogs.closePanel();
      return;
    }
    void qc.invalidateQueries({ queryKey: groupKeys.info(groupNumber) });
    void qc.invalidateQueries({ queryKey: groupKeys.membersAll(groupNumber) });
    void qc.invalidateQueries({ queryKey: groupKeys.muted(groupNumber) });
    void qc.invalidateQueries({ queryKey: groupKeys.black(groupNumber) });
    if (['removed', 'dissolved', 'quit'].includes(change) && useGroupUi.getState().panel === groupNumber) {
      // Refetch decides: still a member (someone else left) keeps the panel open.
      call('groups', 'info', { groupNumber }, { silent: true }).catch(() => groupDialogs.closePanel());
    }
  });
  useSocketEvent('4', () => {
    void qc.invalidateQueries({ queryKey: groupKeys.notices() });
  });
  useSocketEvent('group.invitation', () => {
    void qc.invalidateQueries({ queryKey: groupKeys.invitations() });
  });
}
