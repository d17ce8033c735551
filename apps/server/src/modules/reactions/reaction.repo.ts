import { Repo } from '../../db/repo.js';

/**
 * SQL for reactions. Which messages a caller may react to or read reactions of is decided by the
 * messages policy over the shared message facts (reactions.service.ts), not here.
 */
export class ReactionRepo extends Repo {
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
