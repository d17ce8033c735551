import { callsPolicy } from '../../policies/calls.policy.js';
import { authorize } from '../../policies/policy.js';
import type { BlacklistService } from '../friends/blacklist.service.js';
import type { UserRepo, UserRow } from '../users/user.repo.js';

/**
 * The user `wtId` as someone `callerId` may call (policy `call.start`: exists, not oneself, no
 * blacklist either way, friends). Shared by `call.invite` and `/media/call`, so both answer the same
 * error for the same case.
 */
export async function callableTarget(
  users: UserRepo,
  blacklist: BlacklistService,
  callerId: number,
  wtId: string,
): Promise<UserRow> {
  const peer = await users.byWtId(wtId);
  const permission =
    peer && peer.id !== callerId ? await blacklist.messagePermission(callerId, peer.id) : null;
  authorize(
    callsPolicy,
    'call.start',
    { userId: callerId },
    {
      peerId: peer?.id,
      messageRefusal: permission && !permission.allowed ? (permission.error ?? 'forbidden') : null,
      isFriend: permission?.isFriend ?? false,
    },
  );
  return peer!;
}
