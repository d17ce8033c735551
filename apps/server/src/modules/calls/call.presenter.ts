import type {
  CallEndReason,
  CallInfo,
  CallMember,
  CallMemberState,
  CallParty,
  CallRecordStatus,
  GroupCallRecord,
} from '@parley/protocol';
import type { UserRow } from '../users/user.repo.js';
import type { CallMemberRow } from './call-members.repo.js';
import type { CallRow } from './call.repo.js';

export const party = (u: UserRow | undefined): CallParty => ({
  wtId: u?.wt_id ?? '',
  nickName: u?.nick_name ?? '',
  avatar: u?.avatar ?? '',
});

/** A group call's people and its group number, when the call is a group call. */
export interface GroupSide {
  groupNumber: string;
  members: CallMemberRow[];
}

/** A call as `readerId` (one of its parties, or a person in a group call) sees it. */
export function toCall(
  row: CallRow,
  readerId: number,
  people: Map<number, UserRow>,
  group?: GroupSide,
): CallInfo {
  const role = row.caller_id === readerId ? 'caller' : 'callee';
  const mine = group?.members.find((m) => m.user_id === readerId);
  const members: CallMember[] = (group?.members ?? []).map((m) => ({
    ...party(people.get(m.user_id)),
    state: m.state as CallMemberState,
  }));
  return {
    callId: row.call_id,
    roomID: row.room_id,
    mediaType: row.media_type,
    status: row.status as CallRecordStatus,
    endReason: (row.end_reason as CallEndReason | null) ?? null,
    role,
    caller: party(people.get(row.caller_id)),
    // In a group call the reader is the callee (the caller sees themself).
    callee: party(people.get(group ? readerId : row.callee_id)),
    createdAt: row.created_at,
    inviteExpiresAt: mine ? mine.invite_expires_at : row.invite_expires_at,
    connectedAt: row.connected_at,
    endedAt: row.ended_at,
    connectionId: group ? (mine?.conn ?? null) : role === 'caller' ? row.caller_conn : row.callee_conn,
    groupID: group ? group.groupNumber : null,
    members,
  };
}

/** The group's ongoing call as its members see it (the banner), or null when it is over. */
export function toGroupRecord(
  row: CallRow,
  group: GroupSide,
  people: Map<number, UserRow>,
): GroupCallRecord | null {
  if (row.status === 'ended') return null;
  return {
    groupID: group.groupNumber,
    callId: row.call_id,
    roomID: row.room_id,
    roomIdType: 1,
    callMediaType: row.media_type,
    userList: group.members.filter((m) => m.state === 'joined').map((m) => party(people.get(m.user_id))),
  };
}
