import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { errorTextOf } from '../../lib/error-text';
import { ApiError, handleApiError } from '../../lib/http';
import { SESSION_CODES, type GroupInfo } from '@parley/protocol';
import { toast } from '../../ui/toast-store';
import { groupKeys } from './keys';

/**
 * Runs a group call made `silent`: on success the success text and a refresh of the group's
 * queries; on failure the server's catalogue text (403 当前操作没有权限, 22003 …) or `failText`.
 */
export function useGroupAction() {
  const qc = useQueryClient();
  return useCallback(
    async <T>(
      groupNumber: string | null,
      run: () => Promise<T>,
      texts: { ok?: string; fail: string },
    ): Promise<T | undefined> => {
      try {
        const out = await run();
        if (texts.ok) toast.success(texts.ok);
        // An answer that is the group itself shows at once (the refetch below confirms it).
        if (groupNumber && isGroupOf(out, groupNumber)) qc.setQueryData(groupKeys.info(groupNumber), out);
        if (groupNumber) {
          void qc.invalidateQueries({ queryKey: groupKeys.info(groupNumber) });
          void qc.invalidateQueries({ queryKey: groupKeys.membersAll(groupNumber) });
          void qc.invalidateQueries({ queryKey: groupKeys.muted(groupNumber) });
          void qc.invalidateQueries({ queryKey: groupKeys.black(groupNumber) });
        }
        void qc.invalidateQueries({ queryKey: groupKeys.mine() });
        return out;
      } catch (err) {
        if (err instanceof ApiError && (SESSION_CODES.includes(err.code) || err.code === 401)) {
          handleApiError(err);
        } else {
          toast.error(errorTextOf(err, texts.fail));
        }
        return undefined;
      }
    },
    [qc],
  );
}

const isGroupOf = (out: unknown, groupNumber: string): out is GroupInfo =>
  typeof out === 'object' &&
  out !== null &&
  (out as Partial<GroupInfo>).groupNumber === groupNumber &&
  'selfMember' in out;
