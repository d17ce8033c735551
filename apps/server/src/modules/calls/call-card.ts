import type { CallCardData, CallCardResult } from '@parley/protocol';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { GroupRow } from '../groups/group.repo.js';
import { GroupConvRepo } from '../messaging/group/group-conv.repo.js';
import { appendGroupMessage } from '../messaging/send/group-store.js';
import { appendMessage } from '../messaging/send/message.store.js';
import type { UserRow } from '../users/user.repo.js';
import type { CallMemberRow } from './call-members.repo.js';
import type { CallRow } from './call.repo.js';

const RESULT: Record<string, CallCardResult> = {
  cancel: 'canceled',
  reject: 'declined',
  timeout: 'missed',
  busy: 'busy',
  hangup: 'answered',
  dropped: 'answered',
  limit: 'answered',
};

/** The custom payload's `data` of a call card. */
export function callCardData(row: CallRow, callee: UserRow | undefined): CallCardData {
  const result = RESULT[row.end_reason ?? ''] ?? 'canceled';
  const duration =
    result === 'answered' && row.connected_at !== null && row.ended_at !== null
      ? Math.max(0, Math.round((row.ended_at - row.connected_at) / 1000))
      : 0;
  return {
    businessID: 'call',
    callId: row.call_id,
    callMediaType: row.media_type,
    result,
    duration,
    inviteeList: callee ? [callee.wt_id] : [],
  };
}

/** Posts the card of an ended call into the one-to-one conversation, as the caller's message, for both. */
export async function postCallCard(uow: UnitOfWork, row: CallRow, people: UserRow[], now: number) {
  const data = callCardData(
    row,
    people.find((p) => p.id === row.callee_id),
  );
  await appendMessage(uow, {
    senderId: row.caller_id,
    peerId: row.callee_id,
    clientMsgId: `call-${row.call_id}`,
    type: 'custom',
    payload: { data: JSON.stringify(data), description: '', extension: '' },
    cloudCustomData: null,
    needReadReceipt: false,
    searchText: '',
    visibleTo: null,
    notice: false,
    now,
    people,
  });
}

/**
 * Posts the card of an ended group call into the group's conversation, as the caller's message: the
 * outcome (answered once anyone joined the caller), the duration from connected to ended, everyone
 * invited (`inviteeList`) and the group.
 */
export async function postGroupCallCard(
  uow: UnitOfWork,
  row: CallRow,
  group: GroupRow,
  members: CallMemberRow[],
  people: Map<number, UserRow>,
  now: number,
) {
  const caller = people.get(row.caller_id);
  if (!caller) return;
  const base = callCardData(row, undefined);
  const card = {
    ...base,
    inviteeList: members
      .filter((m) => m.user_id !== row.caller_id)
      .map((m) => people.get(m.user_id)?.wt_id ?? '')
      .filter((w) => w !== ''),
    groupID: group.group_number,
  };
  const { conv } = await new GroupConvRepo(uow.db).ensure(Number(group.id), now);
  await appendGroupMessage(uow, {
    conversationId: conv.id,
    group: { number: group.group_number, name: group.name, avatar: group.avatar },
    sender: {
      id: Number(caller.id),
      wt_id: caller.wt_id,
      nick_name: caller.nick_name,
      avatar: caller.avatar,
    },
    nameCard: '',
    clientMsgId: `call-${row.call_id}`,
    type: 'custom',
    payload: { data: JSON.stringify(card), description: '', extension: '' },
    cloudCustomData: null,
    needReadReceipt: false,
    searchText: '',
    mentions: [],
    now,
  });
}
