import type { ReactionSummary } from '@parley/protocol';
import { Repo } from '../../../db/repo.js';

/**
 * The reactions a message view carries (`reactionList`): read by the message views for a page of
 * history or sync, and by the reactions module for its answers and pushes.
 */
export class ReactionSummaryRepo extends Repo {
  /**
   * Per message: each emoji's count, first reacted first, and whether `userId` is among them.
   * One grouped query for the whole page of messages.
   */
  async summaries(messageIds: number[], userId: number): Promise<Map<number, ReactionSummary[]>> {
    const out = new Map<number, ReactionSummary[]>();
    if (messageIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('message_reactions')
      .select((eb) => [
        'message_id',
        'emoji',
        eb.fn.countAll<number>().as('n'),
        eb.fn.min('created_at').as('first_at'),
        eb.fn.max(eb.case().when('user_id', '=', userId).then(1).else(0).end()).as('mine'),
      ])
      .where('message_id', 'in', messageIds)
      .groupBy(['message_id', 'emoji'])
      .orderBy('message_id')
      .orderBy('first_at')
      .orderBy('emoji')
      .execute();
    for (const r of rows) {
      const id = Number(r.message_id);
      const list = out.get(id) ?? [];
      list.push({ emoji: r.emoji, totalUserCount: Number(r.n), reactedByMe: Number(r.mine) === 1 });
      out.set(id, list);
    }
    return out;
  }
}
