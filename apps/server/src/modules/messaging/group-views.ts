import type { Conversation, Draft, GroupAtInfo, Message } from '@parley/protocol';
import { markListOf } from './conversation-marks.js';
import { sql } from 'kysely';
import type { Executor } from '../../db/repo.js';
import type { MemberView } from './conversation.repo.js';
import { toLastMessage } from './last-message.js';
import type { MessageRow } from './message.repo.js';

/** A group conversation's group, as the presenters need it. */
export interface GroupOf {
  number: string;
  name: string;
  avatar: string;
}

/** The group facts of a batch of views (docs/architecture.md "Group messaging"). */
export interface GroupFacts {
  byConversation: Map<number, GroupOf>;
  /** Group nicknames: `${conversationId}:${userId}` → nickname. */
  nameCards: Map<string, string>;
  /** The reader's unread mentions per conversation (conversation views only). */
  mentions: Map<number, GroupAtInfo[]>;
}

type Person = { id: number; wt_id: string; nick_name: string; avatar: string };

const parse = (json: string | null): Record<string, unknown> | null => {
  if (!json) return null;
  try {
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return null;
  }
};

export const groupConversationId = (groupNumber: string) => `GROUP${groupNumber}`;
export const isGroupConversation = (conversationID: string) => conversationID.startsWith('GROUP');

/**
 * Loads the group facts of `conversationIds` (all group conversations) in a few queries: the groups,
 * the nicknames of `people` in them, and (with `mentionsOf`) the reader's unread mentions.
 */
export async function loadGroupFacts(
  db: Executor,
  conversationIds: number[],
  people: number[],
  mentionsOf?: number,
): Promise<GroupFacts> {
  const ids = [...new Set(conversationIds)];
  const facts: GroupFacts = { byConversation: new Map(), nameCards: new Map(), mentions: new Map() };
  if (ids.length === 0) return facts;
  const groups = await db
    .selectFrom('conversations as c')
    .innerJoin('groups as g', 'g.id', 'c.group_id')
    .select(['c.id', 'g.id as group_id', 'g.group_number', 'g.name', 'g.avatar'])
    .where('c.id', 'in', ids)
    .execute();
  const convOfGroup = new Map<number, number>();
  for (const g of groups) {
    facts.byConversation.set(Number(g.id), { number: g.group_number, name: g.name, avatar: g.avatar });
    convOfGroup.set(Number(g.group_id), Number(g.id));
  }
  const who = [...new Set(people)];
  if (who.length && convOfGroup.size) {
    const cards = await db
      .selectFrom('group_members')
      .select(['group_id', 'user_id', 'group_nickname'])
      .where('group_id', 'in', [...convOfGroup.keys()])
      .where('user_id', 'in', who)
      .where('group_nickname', '<>', '')
      .execute();
    for (const c of cards) {
      facts.nameCards.set(`${convOfGroup.get(Number(c.group_id))}:${Number(c.user_id)}`, c.group_nickname);
    }
  }
  if (mentionsOf !== undefined) {
    const rows = await db
      .selectFrom('message_mentions as mm')
      .innerJoin('conversation_members as cm', (j) =>
        j.onRef('cm.conversation_id', '=', 'mm.conversation_id').on('cm.user_id', '=', mentionsOf),
      )
      .innerJoin('messages as msg', 'msg.id', 'mm.message_id')
      .select(['mm.conversation_id', 'mm.user_id', 'mm.seq', 'msg.msg_id'])
      .where('mm.conversation_id', 'in', ids)
      .where('mm.user_id', 'in', [mentionsOf, 0])
      .whereRef('mm.seq', '>', 'cm.read_seq')
      .whereRef('mm.seq', '>', 'cm.cleared_seq')
      .where('msg.sender_id', '<>', mentionsOf)
      .where('msg.revoked', '=', 0)
      .where((eb) => eb.or([eb('cm.state', '=', 0), eb('mm.seq', '<=', eb.ref('cm.until_seq'))]))
      .orderBy('mm.seq')
      .execute();
    const byMessage = new Map<string, { conv: number; seq: number; me: boolean; all: boolean }>();
    for (const r of rows) {
      const e = byMessage.get(r.msg_id) ?? {
        conv: Number(r.conversation_id),
        seq: Number(r.seq),
        me: false,
        all: false,
      };
      if (Number(r.user_id) === 0) e.all = true;
      else e.me = true;
      byMessage.set(r.msg_id, e);
    }
    for (const [messageID, e] of byMessage) {
      const list = facts.mentions.get(e.conv) ?? [];
      list.push({ messageID, sequence: e.seq, atType: e.me && e.all ? 3 : e.all ? 2 : 1 });
      facts.mentions.set(e.conv, list);
    }
  }
  return facts;
}

/**
 * A group message, the same for every reader (topic frames): `flow` 'in' unless the reader sent it
 * (`readerId`; pass 0 for the topic frame), `isPeerRead` false, receipts counted on request.
 */
export function toGroupMessage(
  row: MessageRow,
  group: GroupOf,
  sender: Person | undefined,
  o: { readerId: number; nameCard: string; hidden?: boolean },
): Message {
  const mine = row.sender_id === o.readerId;
  const revoked = row.revoked === 1;
  const payload = revoked ? {} : (parse(row.payload) ?? {});
  const atUserList = Array.isArray(payload.atUserList) ? (payload.atUserList as string[]) : [];
  return {
    ID: row.msg_id,
    clientMsgId: mine || o.readerId === 0 ? row.client_msg_id : '',
    type: row.type,
    flow: mine ? 'out' : 'in',
    status: 'success',
    time: Math.floor(row.created_at / 1000),
    timeMs: row.created_at,
    from: sender?.wt_id ?? '',
    nick: sender?.nick_name ?? '',
    avatar: sender?.avatar ?? '',
    to: group.number,
    conversationID: groupConversationId(group.number),
    conversationType: 'GROUP',
    payload,
    sequence: row.seq,
    isRevoked: revoked,
    revoker: row.revoker,
    isDeleted: o.hidden ?? false,
    hasRiskContent: row.risky === 1,
    needReadReceipt: row.need_read_receipt === 1,
    isPeerRead: false,
    readReceiptInfo: { readCount: 0, unreadCount: 0, isPeerRead: false },
    atUserList,
    cloudCustomData: revoked ? null : (parse(row.cloud_custom_data) as Message['cloudCustomData']),
    nameCard: o.nameCard,
    groupVersion: Number(row.version),
  };
}

/** The last sequence a member row may see: the conversation's, or where the reader left. */
export const lastVisibleSeq = (m: Pick<MemberView, 'state' | 'until_seq' | 'last_seq'>) =>
  Number(m.state) === 0 ? Number(m.last_seq) : Number(m.until_seq);

/** Unread of a group: messages after the read (and cleared) cursor up to where the reader may see. */
export const groupUnread = (
  m: Pick<MemberView, 'state' | 'until_seq' | 'last_seq' | 'read_seq' | 'cleared_seq'>,
) => Math.max(0, lastVisibleSeq(m) - Math.max(Number(m.read_seq), Number(m.cleared_seq)));

/** SQL of the same rule over `conversation_members as m` joined with `conversations as c`. */
export const groupUnreadSql = sql<number>`case
  when (case when m.state = 0 then c.last_seq else m.until_seq end)
     > (case when m.read_seq > m.cleared_seq then m.read_seq else m.cleared_seq end)
  then (case when m.state = 0 then c.last_seq else m.until_seq end)
     - (case when m.read_seq > m.cleared_seq then m.read_seq else m.cleared_seq end)
  else 0 end`;

export function toGroupConversation(
  m: MemberView,
  group: GroupOf,
  o: {
    last: MessageRow | undefined;
    sender: Person | undefined;
    mentions: GroupAtInfo[];
  },
): Conversation {
  const draft = parse(m.draft) as Draft | null;
  const until = lastVisibleSeq(m);
  const last = o.last && o.last.seq > m.cleared_seq && o.last.seq <= until ? o.last : undefined;
  return {
    conversationID: groupConversationId(group.number),
    type: 'GROUP',
    unreadCount: groupUnread(m),
    isMuted: m.muted === 1,
    isPinned: m.pinned === 1,
    markList: markListOf(m.marks),
    remark: '',
    customData: m.custom_data,
    draft,
    draftText: draft?.abstract ?? '',
    lastMessage: last ? toLastMessage(last, o.sender) : null,
    lastSequence: until,
    readSequence: Number(m.read_seq),
    peerReadSequence: 0,
    userProfile: null,
    activityTime:
      Number(m.state) === 0 ? Math.max(Number(m.activity_at), Number(m.last_time)) : Number(m.activity_at),
    groupProfile: { groupID: group.number, name: group.name, avatar: group.avatar },
    groupAtInfoList: o.mentions,
    state: Number(m.state),
  };
}
