import { Repo } from '../../../db/repo.js';
import type { MessageRow } from '../core/message.repo.js';

/**
 * Read cursors of group conversations, and the receipts counted from them on demand
 * (docs/architecture.md "Group messaging": O(members) per asked message, never per send).
 */
export class GroupReceiptsRepo extends Repo {
  /** Moves the member's read cursor forward to `seq` (never back); whether it moved. */
  async moveRead(conversationId: number, userId: number, seq: number, now: number): Promise<boolean> {
    const moved = await this.db
      .updateTable('conversation_members')
      .set({ read_seq: seq, visible: 1, updated_at: now })
      .where('conversation_id', '=', conversationId)
      .where('user_id', '=', userId)
      .where('read_seq', '<', seq)
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) > 0;
  }

  /** Members (not the sender) present when the message was sent, as a query on the member rows. */
  private members(row: MessageRow) {
    return this.db
      .selectFrom('conversation_members as m')
      .where('m.conversation_id', '=', row.conversation_id)
      .where('m.state', '=', 0)
      .where('m.user_id', '<>', row.sender_id)
      .where('m.joined_seq', '<', row.seq);
  }

  /** How many of those members read `row`, and how many did not. */
  async count(row: MessageRow): Promise<{ read: number; unread: number }> {
    const r = await this.members(row)
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(eb.case().when('m.read_seq', '>=', row.seq).then(1).else(0).end()).as('read'),
      ])
      .executeTakeFirst();
    const total = Number(r?.total ?? 0);
    const read = Number(r?.read ?? 0);
    return { read, unread: total - read };
  }

  /** Those members who read `row` (`read`) or did not, in user order, `limit` from `offset`, with their group nicknames. */
  async membersWho(read: boolean, row: MessageRow, offset: number, limit: number) {
    const conv = await this.db
      .selectFrom('conversations')
      .select('group_id')
      .where('id', '=', row.conversation_id)
      .executeTakeFirst();
    return this.members(row)
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .leftJoin('group_members as gm', (j) =>
        j.onRef('gm.user_id', '=', 'm.user_id').on('gm.group_id', '=', Number(conv?.group_id ?? 0)),
      )
      .select(['u.wt_id', 'u.nick_name', 'u.avatar', 'gm.group_nickname'])
      .where('m.read_seq', read ? '>=' : '<', row.seq)
      .orderBy('m.user_id')
      .offset(offset)
      .limit(limit)
      .execute();
  }
}
