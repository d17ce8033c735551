import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { Repo } from '../../../db/repo.js';
import { GROUP_MESSAGES_ONLY, GroupConvRepo } from './group-conv.repo.js';

/** Revoke-all of group revokes (group-revoke.ts): one member's messages at once, one version each. */
export class GroupRevokeRepo extends Repo {
  /**
   * Revokes, as the administrator, every message `senderId` sent in the group conversation up to
   * `uptoSeq` that is not revoked yet; each gets its own new version of the conversation (the next
   * one for the lowest sequence, then one more per sequence), and the conversation's counter moves
   * past them. The conversation row is updated first (the lock order of sends). Returns how many.
   */
  async revokeSenderUpTo(o: {
    conversationId: number;
    senderId: number;
    uptoSeq: number;
    revoker: string;
    now: number;
  }): Promise<number> {
    // The sender's messages in the conversation, up to the sequence, not revoked yet.
    const pending = (eb: ExpressionBuilder<Database, 'messages'>) =>
      eb.and([
        eb('conversation_id', '=', o.conversationId),
        eb('sender_id', '=', o.senderId),
        GROUP_MESSAGES_ONLY,
        eb('seq', '<=', o.uptoSeq),
        eb('revoked', '=', 0),
      ]);
    const base = await new GroupConvRepo(this.db).bumpVersion(o.conversationId);
    const span = await this.db
      .selectFrom('messages')
      .where(pending)
      .select((eb) => [eb.fn.min<number>('seq').as('lo'), eb.fn.max<number>('seq').as('hi')])
      .executeTakeFirst();
    if (span?.lo === null || span?.lo === undefined) return 0;
    const lo = Number(span.lo);
    const hi = Number(span.hi);
    // One version per message: base + (seq - lo), then the counter moves past them.
    await this.db
      .updateTable('conversations')
      .set({ version: sql`version + ${hi - lo}` })
      .where('id', '=', o.conversationId)
      .execute();
    const res = await this.db
      .updateTable('messages')
      .set({
        revoked: 1,
        revoker: o.revoker,
        search_text: '',
        version: sql`${base - lo} + seq`,
        updated_at: o.now,
      })
      .where(pending)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }
}
