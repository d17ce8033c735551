import type { Conversation, HistoryBody, Message, SendMessageBody } from '@parley/protocol';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { MemberView } from './conversation.repo.js';
import type { GroupChanges } from './group-sync.js';
import type { MessageRow, ReaderScope } from './message.repo.js';

/**
 * What the one-to-one services hand over for `GROUP…` conversation IDs (installed by
 * group-messaging.module.ts once the groups module exists). They dispatch on the prefix first, so
 * the one-to-one paths stay as they are.
 */
export interface GroupPort {
  send(userId: number, body: SendMessageBody): Promise<Message>;
  history(userId: number, body: HistoryBody): Promise<{ messages: Message[]; isCompleted: boolean }>;
  scope(userId: number, conversationID: string): Promise<ReaderScope & { untilSeq: number | null }>;
  changes(userId: number, known: Record<string, number>, rows?: number): Promise<GroupChanges>;
  revoke(userId: number, row: MessageRow): Promise<Message>;
  /** The caller's member row of the group conversation (403 for someone never in the group). */
  member(userId: number, conversationID: string): Promise<MemberView>;
  read(userId: number, conversationID: string, seq?: number): Promise<Conversation>;
  /** The conversation was pinned or unpinned: the group's own pin (`setTop`) follows, in `uow`. */
  pinned(uow: UnitOfWork, conversationId: number, userId: number, pinned: boolean): Promise<void>;
}

export const isGroupId = (conversationID: string | undefined) => conversationID?.startsWith('GROUP') === true;
