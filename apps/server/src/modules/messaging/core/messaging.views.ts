import type { Conversation, Message } from '@parley/protocol';
import type { Executor } from '../../../db/repo.js';
import { UserRepo } from '../../users/user.repo.js';
import { BlacklistRepo } from '../../friends/blacklist.repo.js';
import { FriendshipRepo } from '../../friends/friendship.repo.js';
import { ConversationRepo, type MemberView } from './conversation.repo.js';
import { MessageRepo, type MessageRow } from './message.repo.js';
import { chatIn, messageIn, toConversation, type ViewFacts } from './message.presenter.js';
import { ReactionSummaryRepo } from './reaction-summary.repo.js';
import { loadGroupFacts } from '../group/group-conv.repo.js';

/**
 * Loads what the presenters need (people, the other side's read cursor, hides, unread counts,
 * remarks) in a few batched queries, for one reader.
 */
export class MessagingViews {
  private readonly users: UserRepo;
  private readonly convs: ConversationRepo;
  private readonly msgs: MessageRepo;
  private readonly reactions: ReactionSummaryRepo;

  constructor(private readonly db: Executor) {
    this.reactions = new ReactionSummaryRepo(db);
    this.users = new UserRepo(db);
    this.convs = new ConversationRepo(db);
    this.msgs = new MessageRepo(db);
  }

  /**
   * Facts about the conversations `conversationIds` for `readerId`; `groupIds` are the group ones
   * (their members are never loaded: docs/architecture.md "Group messaging").
   */
  private async facts(
    readerId: number,
    conversationIds: number[],
    extraPeople: number[] = [],
    groupIds: number[] = [],
    mentions = false,
  ) {
    const groupSet = new Set(groupIds);
    const ids = [...new Set(conversationIds)].filter((id) => !groupSet.has(id));
    const members = await this.convs.othersIn(readerId, ids);
    const peerRead = new Map<number, number>();
    const peerOf = new Map<number, number>();
    for (const m of members) {
      peerRead.set(Number(m.conversation_id), Number(m.read_seq));
      peerOf.set(Number(m.conversation_id), Number(m.user_id));
    }
    const people = await this.users.byIds([...new Set([readerId, ...peerOf.values(), ...extraPeople])]);
    const facts: ViewFacts = {
      readerId,
      people: new Map(people.map((p) => [p.id, p])),
      peerRead,
      peerOf,
    };
    if (groupSet.size) {
      facts.groups = await loadGroupFacts(
        this.db,
        [...groupSet],
        extraPeople,
        mentions ? readerId : undefined,
      );
    }
    return facts;
  }

  async messages(readerId: number, rows: MessageRow[]): Promise<Message[]> {
    return (await this.changes(readerId, [], rows)).messages;
  }

  async message(readerId: number, row: MessageRow): Promise<Message> {
    return (await this.messages(readerId, [row]))[0]!;
  }

  async conversations(readerId: number, members: MemberView[]): Promise<Conversation[]> {
    return (await this.changes(readerId, members, [])).conversations;
  }

  /**
   * Conversations and messages for one reader together, as a sync page returns them: one load of
   * the people, read cursors and group facts for both, and the conversations' last messages taken
   * from `rows` where they are among them (a sync's changed messages usually are).
   */
  async changes(
    readerId: number,
    members: MemberView[],
    rows: MessageRow[],
  ): Promise<{ conversations: Conversation[]; messages: Message[] }> {
    if (members.length === 0 && rows.length === 0) return { conversations: [], messages: [] };
    const given = new Map(rows.map((r) => [r.id, r]));
    const lastIds = members.map((m) => m.last_message_id).filter((x): x is number => x !== null);
    const lasts = [
      ...lastIds.flatMap((id) => given.get(id) ?? []),
      ...(await this.msgs.byIds(lastIds.filter((id) => !given.has(id)))),
    ];
    const facts = await this.facts(
      readerId,
      [...members.map((m) => m.conversation_id), ...rows.map((r) => r.conversation_id)],
      [...lasts.map((l) => l.sender_id), ...rows.map((r) => r.sender_id)],
      [
        ...members.filter((m) => m.group_id !== null).map((m) => m.conversation_id),
        // Group messages carry their conversation's version (one-to-one ones stay at 0).
        ...rows.filter((r) => Number(r.version) > 0).map((r) => r.conversation_id),
      ],
      members.length > 0,
    );
    const rowIds = rows.map((r) => r.id);
    const [hidden, reactions] = await Promise.all([
      this.msgs.hiddenAmong(readerId, rowIds),
      this.reactions.summaries(rowIds, readerId),
    ]);
    const messages = rows.map((r) => {
      const m = messageIn({ ...facts, hidden }, r);
      // One grouped query for the page; a revoked message's reactions went with it.
      m.reactionList = m.isRevoked ? [] : (reactions.get(r.id) ?? []);
      return m;
    });
    if (members.length === 0) return { conversations: [], messages };
    const peerIds = members.map((m) => m.peer_id).filter((x): x is number => x !== null);
    const [remarkOf, blockers] = await Promise.all([
      new FriendshipRepo(this.db).remarksOf(readerId, peerIds),
      new BlacklistRepo(this.db).blockersAmong(readerId, peerIds),
    ]);
    const lastById = new Map(lasts.map((l) => [l.id, l]));
    const conversations = members.map((m) => {
      const chat = chatIn(facts, m.conversation_id);
      const last = m.last_message_id === null ? undefined : lastById.get(m.last_message_id);
      return toConversation(
        m,
        chat.kind === 'group'
          ? { ...chat, mentions: facts.groups!.mentions.get(m.conversation_id) ?? [] }
          : // The stored count (kept by the engine: see ConversationRepo.refreshUnread).
            {
              ...chat,
              unread: Number(m.unread),
              remark: remarkOf.get(m.peer_id ?? -1) ?? '',
              blockedByPeer: blockers.has(m.peer_id ?? -1),
            },
        last,
        last && facts.people.get(last.sender_id),
      );
    });
    return { conversations, messages };
  }

  async conversation(readerId: number, member: MemberView): Promise<Conversation> {
    return (await this.conversations(readerId, [member]))[0]!;
  }
}
