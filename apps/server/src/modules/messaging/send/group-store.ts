import type { Message } from '@parley/protocol';
import { runSteps, type Steps } from '../../../db/steps.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { insertMessageSteps, type MessageRow } from '../core/message.repo.js';
import { newMessageRow } from './message.store.js';
import { insertMentionsSteps, nextGroupSeqSteps, senderReadSteps } from '../group/group-conv.repo.js';
import { groupConversationId, type GroupOf } from '../core/conversation-id.js';
import { TOPIC_READER, toMessage } from '../core/message.presenter.js';
import type { StepUnit } from './commit-batcher.js';

export interface GroupAppendInput {
  conversationId: number;
  group: GroupOf;
  sender: { id: number; wt_id: string; nick_name: string; avatar: string };
  /** The sender's group nickname. */
  nameCard: string;
  clientMsgId: string;
  type: string;
  payload: Record<string, unknown>;
  cloudCustomData: Record<string, unknown> | null;
  needReadReceipt: boolean;
  searchText: string;
  /** Mentioned members (user ids; 0 for @all). */
  mentions: number[];
  now: number;
}

/**
 * Appends a message to a group conversation inside another use case's unit of work (group tips,
 * call cards): `appendGroupSteps` awaited on its transaction.
 */
export function appendGroupMessage(
  uow: UnitOfWork,
  input: GroupAppendInput,
): Promise<{ row: MessageRow; view: Message }> {
  return runSteps(uow.db, appendGroupSteps(uow, input));
}

/**
 * Appends a message to a group conversation and queues one `message.new` on the group's topic, as
 * a step function (db/steps.ts): a member's send runs it on the send driver (group-send.ts).
 * Whatever the group size it writes the conversation row (sequence and version, locked until the
 * commit), the sender's member row (read cursor), the message and its mentions: no member list is
 * read and no per-member row is written (docs/architecture.md "Group messaging").
 */
export function* appendGroupSteps(
  uow: StepUnit,
  input: GroupAppendInput,
): Steps<{ row: MessageRow; view: Message }> {
  const { seq, version } = yield* nextGroupSeqSteps(input.conversationId, input.now);
  yield* senderReadSteps(input.conversationId, input.sender.id, seq, input.now);
  const row = yield* insertMessageSteps(
    newMessageRow({
      conversationId: input.conversationId,
      seq,
      senderId: input.sender.id,
      clientMsgId: input.clientMsgId,
      type: input.type,
      payload: input.payload,
      cloudCustomData: input.cloudCustomData,
      needReadReceipt: input.needReadReceipt,
      visibleTo: null,
      searchText: input.searchText,
      now: input.now,
      version,
    }),
  );
  yield* insertMentionsSteps(row.id, input.conversationId, seq, input.mentions);
  // The topic frame is the same for every member (reader 0: flow 'in'); the sender's ack is its own view.
  const chat = { kind: 'group', group: input.group } as const;
  const more = { nameCard: input.nameCard };
  const frame = toMessage(row, input.sender, TOPIC_READER, chat, more);
  uow.emit({ topic: groupConversationId(input.group.number) }, 'message.new', frame);
  const view = toMessage(row, input.sender, { id: input.sender.id, wtId: input.sender.wt_id }, chat, more);
  return { row, view };
}
