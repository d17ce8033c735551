import { sql } from 'kysely';
import { prepared, preparedIn } from '../../../db/compiled.js';
import { first, run, type Steps } from '../../../db/steps.js';
import { Repo, type Executor } from '../../../db/repo.js';
import {
  memberViews,
  NEW_MEMBER_SETTINGS,
  shownUnreadSql,
  type ConversationRow,
  type MemberView,
} from '../core/conversation.repo.js';
import type { GroupFacts } from '../core/message.presenter.js';
import { groupConversationId } from '../core/conversation-id.js';

/** SQL of the unread rule (message.presenter.ts `groupUnread`) over `conversation_members as m` joined with `conversations as c`. */
const groupUnreadSql = sql<number>`case
  when (case when m.state = 0 then c.last_seq else m.until_seq end)
     > (case when m.read_seq > m.cleared_seq then m.read_seq else m.cleared_seq end)
  then (case when m.state = 0 then c.last_seq else m.until_seq end)
     - (case when m.read_seq > m.cleared_seq then m.read_seq else m.cleared_seq end)
  else 0 end`;

// The group send path's statements, built once (db/compiled.ts).
// Every socket that connects asks for its groups' topics; every sync for its group conversations.
const topicsOfUser = prepared<{ userId: number }, { group_number: string }>((db, p) =>
  db
    .selectFrom('group_members as gm')
    .innerJoin('groups as g', 'g.id', 'gm.group_id')
    .select('g.group_number')
    .where('gm.user_id', '=', p('userId'))
    .where('g.status', '=', 0),
);
const groupConvsOfUser = prepared<
  { userId: number },
  {
    id: number;
    version: number;
    group_number: string;
    state: number;
    until_seq: number;
    cleared_seq: number;
  }
>((db, p) =>
  db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .innerJoin('groups as g', 'g.id', 'c.group_id')
    .select(['c.id', 'c.version', 'g.group_number', 'm.state', 'm.until_seq', 'm.cleared_seq'])
    .where('m.user_id', '=', p('userId')),
);
const takeGroupSeq = prepared<{ id: number; now: number }, { last_seq: number; version: number }>((db, p) =>
  db
    .updateTable('conversations')
    .set({ last_seq: sql`last_seq + 1`, version: sql`version + 1`, last_time: p('now') })
    .where('id', '=', p('id'))
    .returning(['last_seq', 'version']),
);
const senderRead = prepared<{ conversationId: number; userId: number; seq: number; now: number }, never>(
  (db, p) =>
    db
      .updateTable('conversation_members')
      .set({ read_seq: p('seq'), visible: 1, activity_at: p('now'), updated_at: p('now') })
      .where('conversation_id', '=', p('conversationId'))
      .where('user_id', '=', p('userId')),
);
const insertMentions = preparedIn<{ messageId: number; conversationId: number; seq: number }, number, never>(
  (db, p, userIds) =>
    db
      .insertInto('message_mentions')
      .values(
        userIds.map((userId) => ({
          message_id: p('messageId'),
          conversation_id: p('conversationId'),
          user_id: userId,
          seq: p('seq'),
        })),
      )
      // The list is padded with its last id (db/compiled.ts `preparedIn`): a repeat adds nothing.
      .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing()),
);
const groupMember = prepared<{ conversationId: number; userId: number }, MemberView>((db, p) =>
  memberViews(db).where('m.conversation_id', '=', p('conversationId')).where('m.user_id', '=', p('userId')),
);
const conversationOfGroup = prepared<{ groupId: number }, ConversationRow>((db, p) =>
  db.selectFrom('conversations').selectAll().where('group_id', '=', p('groupId')),
);

/**
 * The condition of the message indexes only group features read (migration 20261125000000): group
 * messages carry their conversation's version (≥ 1), one-to-one ones 0. Queries that use those
 * indexes repeat it, so the planner may (PostgreSQL's generic plans cannot infer it from a parameter).
 */
export const GROUP_MESSAGES_ONLY = sql<boolean>`version > 0`;

const memberRowOf = prepared<{ conversationId: number; userId: number }, { state: number }>((db, p) =>
  db
    .selectFrom('conversation_members')
    .select('state')
    .where('conversation_id', '=', p('conversationId'))
    .where('user_id', '=', p('userId')),
);

/** The group's conversation (`GroupConvRepo.byGroup`) as a step function (db/steps.ts). */
export function groupConversationSteps(groupId: number): Steps<ConversationRow | undefined> {
  return first(conversationOfGroup, { groupId });
}

/** Whether the user has a member row in the conversation (current or former member). */
export function* hasMemberRowSteps(conversationId: number, userId: number): Steps<boolean> {
  return (yield* first(memberRowOf, { conversationId, userId })) !== undefined;
}

/**
 * The group send's writes as step functions (db/steps.ts), in the lock order of a send: the
 * conversation row (next sequence and version, locked until the commit: gap-free, as one-to-one),
 * the sender's member row (read cursor), then the message's mentions (user ids; 0 for @all).
 */
export function* nextGroupSeqSteps(
  conversationId: number,
  now: number,
): Steps<{ seq: number; version: number }> {
  const row = yield* first(takeGroupSeq, { id: conversationId, now });
  if (!row) throw new Error(`conversation ${conversationId} does not exist`);
  return { seq: Number(row.last_seq), version: Number(row.version) };
}

export function* senderReadSteps(
  conversationId: number,
  userId: number,
  seq: number,
  now: number,
): Steps<void> {
  yield* run(senderRead, { conversationId, userId, seq, now });
}

export function* insertMentionsSteps(
  messageId: number,
  conversationId: number,
  seq: number,
  userIds: readonly number[],
): Steps<void> {
  yield* insertMentions.steps({ messageId, conversationId, seq }, userIds);
}

/** Group conversations, their member rows and versions (docs/architecture.md "Group messaging"). */
export class GroupConvRepo extends Repo {
  byGroup(groupId: number): Promise<ConversationRow | undefined> {
    return conversationOfGroup.first(this.db, { groupId });
  }

  /** The group a conversation belongs to (undefined: a one-to-one conversation, or none). */
  groupOf(conversationId: number): Promise<{ id: number; group_number: string } | undefined> {
    return this.db
      .selectFrom('conversations as c')
      .innerJoin('groups as g', 'g.id', 'c.group_id')
      .select(['g.id', 'g.group_number'])
      .where('c.id', '=', conversationId)
      .executeTakeFirst();
  }

  /** The group's conversation, created when missing; `created` tells whether this call made it. */
  async ensure(groupId: number, now: number): Promise<{ conv: ConversationRow; created: boolean }> {
    const found = await this.byGroup(groupId);
    if (found) return { conv: found, created: false };
    await this.db
      .insertInto('conversations')
      .values({
        kind: 'group',
        c2c_key: null,
        group_id: groupId,
        last_seq: 0,
        last_time: now,
        created_at: now,
      })
      .onConflict((oc) => oc.column('group_id').doNothing())
      .execute();
    return { conv: (await this.byGroup(groupId))!, created: true };
  }

  /** Bumps the version alone (a change to stored messages), under the same lock. */
  async bumpVersion(conversationId: number): Promise<number> {
    const row = await this.db
      .updateTable('conversations')
      .set({ version: sql`version + 1` })
      .where('id', '=', conversationId)
      .returning('version')
      .executeTakeFirstOrThrow();
    return Number(row.version);
  }

  /**
   * Member rows for users joining at `lastSeq`: they see (and have unread) what comes after it. A
   * returning member's row is reset the same way.
   */
  async join(conversationId: number, userIds: number[], lastSeq: number, now: number): Promise<void> {
    if (userIds.length === 0) return;
    const reset = {
      read_seq: lastSeq,
      cleared_seq: lastSeq,
      joined_seq: lastSeq,
      state: 0,
      until_seq: 0,
      visible: 1,
      activity_at: now,
      updated_at: now,
    };
    await this.db
      .insertInto('conversation_members')
      .values(
        userIds.map((user_id) => ({
          conversation_id: conversationId,
          user_id,
          peer_id: null,
          ...NEW_MEMBER_SETTINGS,
          ...reset,
        })),
      )
      .onConflict((oc) => oc.columns(['conversation_id', 'user_id']).doUpdateSet(reset))
      .execute();
  }

  /** Users leave with `state` (4 removed, 5 dissolved, 8 quit), keeping history up to `untilSeq`. */
  async leave(
    conversationId: number,
    userIds: number[] | 'all',
    state: number,
    untilSeq: number,
    now: number,
  ) {
    let q = this.db
      .updateTable('conversation_members')
      .set({ state, until_seq: untilSeq, updated_at: now })
      .where('conversation_id', '=', conversationId)
      .where('state', '=', 0);
    if (userIds !== 'all') {
      if (userIds.length === 0) return;
      q = q.where('user_id', 'in', userIds);
    }
    await q.execute();
  }

  /** The caller's member row of a group conversation. */
  member(conversationId: number, userId: number): Promise<MemberView | undefined> {
    return groupMember.first(this.db, { conversationId, userId });
  }

  /** The caller's group conversations with their version (sync). */
  ofUser(userId: number) {
    return groupConvsOfUser.all(this.db, { userId });
  }

  /** The topics (group conversation IDs) of the active groups the user belongs to. */
  async topicsOf(userId: number): Promise<string[]> {
    const rows = await topicsOfUser.all(this.db, { userId });
    return rows.map((r) => groupConversationId(r.group_number));
  }

  /** The total unread of the user's visible, unmuted group conversations (a marked one counts at least 1). */
  async totalUnread(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('conversation_members as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select(sql<number>`coalesce(sum(${shownUnreadSql(groupUnreadSql, sql.ref('m.marks'))}), 0)`.as('n'))
      .where('m.user_id', '=', userId)
      .where('c.group_id', 'is not', null)
      .where('m.muted', '=', 0)
      .where(sql<boolean>`(m.visible = 1 or (m.state = 0 and c.last_seq > m.read_seq))`)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Messages of the conversation changed after `version` (new or revoked), oldest change first. */
  changedSince(
    conversationId: number,
    version: number,
    fromSeq: number,
    untilSeq: number | null,
    limit: number,
  ) {
    return this.changedSinceQuery(conversationId, version, fromSeq, untilSeq, limit).execute();
  }

  /** `changedSince`'s query (its plan is checked by a test: the group-only index). */
  changedSinceQuery(
    conversationId: number,
    version: number,
    fromSeq: number,
    untilSeq: number | null,
    limit: number,
  ) {
    let q = this.db
      .selectFrom('messages')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .where('version', '>', version)
      .where(GROUP_MESSAGES_ONLY)
      .where('seq', '>', fromSeq);
    if (untilSeq !== null) q = q.where('seq', '<=', untilSeq);
    return q.orderBy('version').limit(limit);
  }
}

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
