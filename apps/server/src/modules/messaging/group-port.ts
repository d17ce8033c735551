import type { Conversation, HistoryBody, Message, SendMessageBody } from '@parley/protocol';
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
  changes(userId: number, known: Record<string, number>): Promise<GroupChanges>;
  revoke(userId: number, row: MessageRow): Promise<Message>;
  /** The caller's member row of the group conversation (403 for someone never in the group). */
  member(userId: number, conversationID: string): Promise<MemberView>;
  read(userId: number, conversationID: string, seq?: number): Promise<Conversation>;
}

export const isGroupId = (conversationID: string | undefined) => conversationID?.startsWith('GROUP') === true;
