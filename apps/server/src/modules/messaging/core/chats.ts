import type { Conversation, History, HistoryBody } from '@parley/protocol';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import type { AppContext } from '../../../lib/context.js';
import type { UserRow } from '../../users/user.repo.js';
import type { GroupPort } from '../group/group-port.js';
import { historyPage } from './history-page.js';
import { c2cConversationId, parseConversationId } from './conversation-id.js';
import { c2cKey, ConversationRepo, type MemberView } from './conversation.repo.js';
import { MessageRepo, type ReaderScope } from './message.repo.js';
import { MessagingViews } from './messaging.views.js';
import type { PeerResolver } from './peer.js';

/**
 * A conversation resolved for its caller, one-to-one or group, behind one interface: the services
 * ask it instead of looking at the ID's prefix. Resolving a one-to-one chat reads the peer (refused:
 * 20010 and the like, messages.policy.ts); a group chat is checked by the group side when first used
 * (group-access.ts: 403 for someone never in the group).
 */
export interface Chat {
  readonly kind: 'c2c' | 'group';
  /** The conversation ID in its canonical spelling (the peer's stored wtId). */
  readonly id: string;
  /** One-to-one: the other side. */
  readonly peer?: UserRow;
  /**
   * The caller's member row, resolved before a unit of work and read inside it: nothing inside a
   * unit of work may use the root connection (SQLite has one, held by the transaction). One-to-one:
   * created when missing.
   */
  memberIn(): Promise<(uow: UnitOfWork) => Promise<MemberView>>;
  /** The caller's member row as it is, outside a unit of work (one-to-one: created when missing). */
  member(): Promise<MemberView>;
  /** What the caller may read of it; null: nothing (a one-to-one chat never written to). */
  scope(): Promise<ReaderScope | null>;
  history(body: HistoryBody): Promise<History>;
  /** The conversation was pinned or unpinned, in `uow`: a group's own pin follows. */
  pinned(uow: UnitOfWork, conversationId: number, pinned: boolean): Promise<void>;
  /** Reads up to `seq` by the group's rules; undefined for a one-to-one chat (conversation.service.ts). */
  readonly read?: (seq?: number) => Promise<Conversation>;
}

/** Resolves conversation IDs into chats (`open`); the group side is installed by group-messaging.module.ts. */
export class Chats {
  private readonly convs: ConversationRepo;
  private readonly msgs: MessageRepo;
  group: GroupPort | null = null;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'uow' | 'clock'>,
    private readonly peers: PeerResolver,
  ) {
    this.convs = new ConversationRepo(ctx.db);
    this.msgs = new MessageRepo(ctx.db);
  }

  async open(userId: number, conversationID: string): Promise<Chat> {
    const ref = parseConversationId(conversationID);
    if (ref.kind === 'group' && this.group) return this.groupChat(this.group, userId, conversationID);
    return this.c2c(userId, await this.peers.open(userId, conversationID));
  }

  private groupChat(port: GroupPort, userId: number, id: string): Chat {
    const memberIn = async () => {
      const row = await port.member(userId, id);
      return async (uow: UnitOfWork) => (await this.convs.in(uow).member(row.conversation_id, userId))!;
    };
    return {
      kind: 'group',
      id,
      memberIn,
      member: () => port.member(userId, id),
      scope: () => port.scope(userId, id),
      history: (body) => port.history(userId, body),
      pinned: (uow, conversationId, pinned) => port.pinned(uow, conversationId, userId, pinned),
      read: (seq) => port.read(userId, id, seq),
    };
  }

  private c2c(userId: number, peer: UserRow): Chat {
    const inUow = async (uow: UnitOfWork) => {
      const convs = this.convs.in(uow);
      const conv = await convs.ensureC2c(userId, peer.id, this.ctx.clock.now());
      return (await convs.member(conv.id, userId))!;
    };
    const existing = async () => {
      const conv = await this.convs.byC2cKey(c2cKey(userId, peer.id));
      const member = conv && (await this.convs.member(conv.id, userId));
      return conv && member ? { conv, member } : null;
    };
    return {
      kind: 'c2c',
      id: c2cConversationId(peer.wt_id),
      peer,
      memberIn: async () => inUow,
      member: () => this.ctx.uow.run(inUow),
      scope: async () => {
        const found = await existing();
        return found && { userId, conversationId: found.conv.id, clearedSeq: found.member.cleared_seq };
      },
      history: async (body) => {
        const found = await existing();
        if (!found) return { messages: [], isCompleted: true };
        const scope = { userId, conversationId: found.conv.id, clearedSeq: found.member.cleared_seq };
        const { rows, ...page } = await historyPage(this.msgs, scope, body);
        return { messages: await new MessagingViews(this.ctx.db).messages(userId, rows), ...page };
      },
      pinned: async () => undefined,
    };
  }
}
