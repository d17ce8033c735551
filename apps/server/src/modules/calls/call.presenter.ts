import type { CallEndReason, CallInfo, CallParty, CallRecordStatus } from '@parley/protocol';
import type { UserRow } from '../users/user.repo.js';
import type { CallRow } from './call.repo.js';

const party = (u: UserRow | undefined): CallParty => ({
  wtId: u?.wt_id ?? '',
  nickName: u?.nick_name ?? '',
  avatar: u?.avatar ?? '',
});

/** A call as `readerId` (one of its parties) sees it. */
export function toCall(row: CallRow, readerId: number, people: Map<number, UserRow>): CallInfo {
  const role = row.caller_id === readerId ? 'caller' : 'callee';
  return {
    callId: row.call_id,
    roomID: row.room_id,
    mediaType: row.media_type,
    status: row.status as CallRecordStatus,
    endReason: (row.end_reason as CallEndReason | null) ?? null,
    role,
    caller: party(people.get(row.caller_id)),
    callee: party(people.get(row.callee_id)),
    createdAt: row.created_at,
    inviteExpiresAt: row.invite_expires_at,
    connectedAt: row.connected_at,
    endedAt: row.ended_at,
    connectionId: role === 'caller' ? row.caller_conn : row.callee_conn,
  };
}
