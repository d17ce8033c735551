import { Repo } from '../../db/repo.js';
import { notHiddenFor } from '../messaging/core/message.repo.js';

/** A message the caller may react to, with where its reactions are announced. */
export interface ReactableMessage {
  id: number;
  msg_id: string;
  conversation_id: number;
  /** The group's number for a group chat, null for one-to-one. */
  group_number: string | null;
}

/**
 * SQL for reactions. A message is reached through the caller's own membership of its conversation
 * (a current member of a group, a side of a one-to-one chat), so no other chat's message is.
 */
export class ReactionRepo extends Repo {
  /** `msgIds` the caller can see: not revoked, not deleted by them, after their cleared history. */
  async visible(userId: number, msgIds: string[]): Promise<ReactableMessage[]> {
    if (msgIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('messages as m')
      .innerJoin('conversation_members as cm', (j) =>
        j.onRef('cm.conversation_id', '=', 'm.conversation_id').on('cm.user_id', '=', userId),
      )
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .leftJoin('groups as g', 'g.id', 'c.group_id')
      .select(['m.id', 'm.msg_id', 'm.conversation_id', 'g.group_number'])
      .where('m.msg_id', 'in', msgIds)
      .where('m.revoked', '=', 0)
      .where('cm.state', '=', 0)
      .where((eb) => eb.or([eb('m.visible_to', 'is', null), eb('m.visible_to', '=', userId)]))
      .whereRef('m.seq', '>', 'cm.cleared_seq')
      .where(notHiddenFor('m.id', userId))
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      msg_id: r.msg_id,
      conversation_id: Number(r.conversation_id),
      group_number: r.group_number ?? null,
    }));
  }

  async add(messageId: number, userId: number, emoji: string, now: number): Promise<boolean> {
    const res = await this.db
      .insertInto('message_reactions')
      .values({ message_id: messageId, user_id: userId, emoji, created_at: now })
      .onConflict((oc) => oc.columns(['message_id', 'emoji', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async remove(messageId: number, userId: number, emoji: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('message_reactions')
      .where('message_id', '=', messageId)
      .where('user_id', '=', userId)
      .where('emoji', '=', emoji)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  async hasEmoji(messageId: number, emoji: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('message_reactions')
      .select('user_id')
      .where('message_id', '=', messageId)
      .where('emoji', '=', emoji)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async countEmojis(messageId: number): Promise<number> {
    const row = await this.db
      .selectFrom('message_reactions')
      .select((eb) => eb.fn.count<number>('emoji').distinct().as('n'))
      .where('message_id', '=', messageId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
