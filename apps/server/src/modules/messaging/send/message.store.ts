import { c2cConversationId } from '../core/conversation-id.js';
import { runSteps, type Steps } from '../../../db/steps.js';
import { timeOrderedId } from '../../../lib/ids.js';
import type { Message } from '@parley/protocol';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import type { Origin } from '../../../realtime/types.js';
import { usersByIdsSteps, type Party } from '../../users/user.repo.js';
import { nextC2cSeqSteps } from '../core/conversation.repo.js';
import { insertMessageSteps, type MessageRow, type NewMessageRow } from '../core/message.repo.js';
import { toMessage } from '../core/message.presenter.js';
import { bumpVersionsSteps } from '../core/sync.repo.js';
import type { StepUnit } from './commit-batcher.js';
import { bothSeeSteps, moveMemberSteps, readCursorSteps, type MemberMove } from './send-members.repo.js';

export interface AppendInput {
  senderId: number;
  peerId: number;
  clientMsgId: string;
  type: string;
  payload: Record<string, unknown>;
  cloudCustomData: Record<string, unknown> | null;
  needReadReceipt: boolean;
  searchText: string;
  /** A notice only this user sees (null: both). */
  visibleTo: number | null;
  /** Server notices: the receiver's read cursor moves past it too when nothing else is unread. */
  notice: boolean;
  now: number;
  /** Sender and peer rows when the caller has them (else loaded). */
  people?: Party[];
  /** The sender's `message.send` frame: that socket gets the message in its ack (types.ts `Origin`). */
  origin?: Origin;
}

/** A public message ID: 16 URL-safe characters, ordered by time (lib/ids.ts `timeOrderedId`). */
const newMessageId = (now: number) => timeOrderedId(now);

/**
 * A new message's stored row (one-to-one and group sends): a fresh ID, not revoked, not risky, with
 * its versions (0 where none applies). One object literal: on Node 20 an object spread followed by a
 * property it lacks (`{ ...row, sender_version }`) takes V8's slow path, a new hidden class on every
 * call (~4 µs for a row, and what it allocates survives scavenges; docs/decisions/011-young-objects-on-the-send-path.md).
 */
export function newMessageRow(m: {
  conversationId: number;
  seq: number;
  senderId: number;
  clientMsgId: string;
  type: string;
  payload: Record<string, unknown>;
  cloudCustomData: Record<string, unknown> | null;
  needReadReceipt: boolean;
  visibleTo: number | null;
  searchText: string;
  now: number;
  /** Groups: the conversation's version. */
  version?: number;
  /** One-to-one: the sender's and the receiver's sync versions. */
  senderVersion?: number;
  receiverVersion?: number;
}): NewMessageRow {
  return {
    msg_id: newMessageId(m.now),
    conversation_id: m.conversationId,
    seq: m.seq,
    sender_id: m.senderId,
    client_msg_id: m.clientMsgId,
    type: m.type,
    payload: JSON.stringify(m.payload),
    cloud_custom_data: m.cloudCustomData ? JSON.stringify(m.cloudCustomData) : null,
    need_read_receipt: m.needReadReceipt ? 1 : 0,
    revoked: 0,
    revoker: '',
    risky: 0,
    visible_to: m.visibleTo,
    search_text: m.searchText,
    created_at: m.now,
    updated_at: m.now,
    version: m.version ?? 0,
    sender_version: m.senderVersion ?? 0,
    receiver_version: m.receiverVersion ?? 0,
  };
}

/**
 * Appends a message to a one-to-one conversation inside `uow` and queues `message.new` for every
 * tab of both users (`appendSteps` on the unit of work's transaction).
 */
export function appendMessage(
  uow: UnitOfWork,
  input: AppendInput,
): Promise<{ row: MessageRow; views: Map<number, Message> }> {
  return runSteps(uow.db, appendSteps(uow, input));
}

/**
 * `appendMessage` as a step function (db/steps.ts): the send thread runs it synchronously. Lock order
 * (no deadlocks between concurrent use cases): the conversation row (sequence), then member rows,
 * then the users' sync versions (in user id order), then the message. `uow.db` names the dialect;
 * events go to `uow.emit`; on the send thread, `uow.kept` spares reading back the counters it wrote.
 */
export function* appendSteps(
  uow: StepUnit,
  input: AppendInput,
): Steps<{ row: MessageRow; views: Map<number, Message> }> {
  const { id: convId, seq } = yield* nextC2cSeqSteps(
    uow.db,
    input.senderId,
    input.peerId,
    input.now,
    uow.kept,
  );
  const audience = input.visibleTo === null ? [input.senderId, input.peerId] : [input.visibleTo];
  // The sender reads everything up to their own message: when that passes messages they had not read,
  // the peer is told (`message.read`), as after an explicit read, so its 未读 labels turn to read.
  const peerSees = audience.includes(input.peerId);
  const before = peerSees ? yield* readCursorSteps(convId, input.senderId) : seq - 1;
  // Each member's read cursor after this message (the sender's view shows whether the peer read it).
  const readSeq = new Map<number, number>();
  if (input.visibleTo === null && !input.notice) {
    const at = { conversationId: convId, userId: input.senderId, peerId: input.peerId, seq, now: input.now };
    yield* bothSeeSteps(at);
    readSeq.set(input.senderId, seq);
  } else {
    for (const userId of [input.senderId, input.peerId]) {
      const sees = audience.includes(userId);
      // The sender has read everything up to their own message; a notice moves its receiver's cursor
      // past it when nothing else is unread; anyone else who sees it has one more unread.
      const move: MemberMove =
        userId === input.senderId
          ? sees
            ? 'senderSees'
            : 'senderHidden'
          : !sees
            ? 'receiverHidden'
            : input.notice
              ? 'receiverNotice'
              : 'receiverSees';
      readSeq.set(
        userId,
        yield* moveMemberSteps(move, { conversationId: convId, userId, seq, now: input.now }),
      );
    }
  }
  // The members' new sync versions go on the message itself, not in the change log: sync finds new
  // messages by them (sync.repo.ts `since`). Taken after the member rows (the lock order).
  const counts = new Map<number, number>();
  for (const userId of audience) counts.set(userId, 1);
  const versions = yield* bumpVersionsSteps(uow.db, counts, uow.kept);
  const row = yield* insertMessageSteps(
    newMessageRow({
      conversationId: convId,
      seq,
      senderId: input.senderId,
      clientMsgId: input.clientMsgId,
      type: input.type,
      payload: input.payload,
      cloudCustomData: input.cloudCustomData,
      needReadReceipt: input.needReadReceipt,
      visibleTo: input.visibleTo,
      searchText: input.searchText,
      now: input.now,
      senderVersion: versions.get(input.senderId) ?? 0,
      receiverVersion: versions.get(input.peerId) ?? 0,
    }),
  );
  // The new message's views are built from what this use case already holds (one query: people).
  const people = new Map<number, Party>();
  for (const p of input.people ?? (yield* usersByIdsSteps([input.senderId, input.peerId])))
    people.set(p.id, p);
  const views = new Map<number, Message>();
  const known = { payload: input.payload, cloudCustomData: input.cloudCustomData };
  for (const userId of audience) {
    const other = userId === input.senderId ? input.peerId : input.senderId;
    const view = toMessage(
      row,
      people.get(input.senderId),
      { id: userId, wtId: people.get(userId)?.wt_id ?? '' },
      { kind: 'c2c', peer: people.get(other), peerRead: readSeq.get(other) ?? 0 },
      { known },
    );
    views.set(userId, view);
    const origin = userId === input.senderId ? input.origin : undefined;
    uow.emit([userId], 'message.new', view, origin ? { origin } : undefined);
  }
  if (before < seq - 1) {
    const sender = people.get(input.senderId)?.wt_id ?? '';
    uow.emit([input.peerId], 'message.read', {
      conversationID: c2cConversationId(sender),
      readerID: sender,
      seq,
    });
  }
  return { row, views };
}
