import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useSocketEvent } from '../../lib/realtime';
import { groupKeys } from './keys';
import { groupDialogs, useGroupUi } from './store';

/**
 * Live group updates: type 5 (a group changed) refetches that group, its members and my list; a
 * removal, quit or dissolution closes its open panel. Type 4 (counters) refreshes the notice lists.
 */
export function useGroupsRealtime(): void {
  const qc = useQueryClient();
  useSocketEvent('5', ({ groupNumber, change }) => {
    void qc.invalidateQueries({ queryKey: groupKeys.mine() });
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
