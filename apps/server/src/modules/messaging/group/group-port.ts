import type { Conversation, History, HistoryBody, Message, SendMessageBody } from '@parley/protocol';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import type { MemberView } from '../core/conversation.repo.js';
import type { GroupChanges } from './group-sync.js';
import type { MessageRow, ReaderScope } from '../core/message.repo.js';

/**
 * The group side of the messaging engine as the shared services reach it (installed by
 * group-messaging.module.ts once the groups module exists): a group `Chat` (core/chats.ts) is made
 * of these, sends to a group go to `send`, and sync and revoke ask `changes` and `revoke`.
 */
export interface GroupPort {
  send(userId: number, body: SendMessageBody): Promise<Message>;
  history(userId: number, body: HistoryBody): Promise<History>;
  scope(userId: number, conversationID: string): Promise<ReaderScope & { untilSeq: number | null }>;
  changes(userId: number, known: Record<string, number>, rows?: number): Promise<GroupChanges>;
  revoke(userId: number, row: MessageRow): Promise<Message>;
  /** The caller's member row of the group conversation (403 for someone never in the group). */
  member(userId: number, conversationID: string): Promise<MemberView>;
  read(userId: number, conversationID: string, seq?: number): Promise<Conversation>;
  /** The conversation was pinned or unpinned: the group's own pin (`setTop`) follows, in `uow`. */
  pinned(uow: UnitOfWork, conversationId: number, userId: number, pinned: boolean): Promise<void>;
}
