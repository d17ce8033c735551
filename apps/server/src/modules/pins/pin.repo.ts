import { Repo } from '../../db/repo.js';

/** A pin with what the bar shows of its message. */
export interface PinRow {
  id: number;
  msg_id: string;
  sender_nick: string;
  content: string;
  pinned_by: number;
  created_at: number;
}

/**
 * SQL for pinned messages. A pin is reached through the caller's own membership of its
 * conversation, so a chat the caller is not in is unreachable.
 */
export class PinRepo extends Repo {
  /** The one-to-one conversation of `userId` with `peerId`, when `userId` is in it. */
  async chatOf(userId: number, peerId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('conversation_members as m')
      .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
      .select('m.conversation_id')
      .where('m.user_id', '=', userId)
      .where('m.peer_id', '=', peerId)
      .where('c.group_id', 'is', null)
      .executeTakeFirst();
    return row ? Number(row.conversation_id) : undefined;
  }

  /**
   * The conversation's pins, newest first (bounded by ToolLimits.pinsPerChat); which of them a reader
   * sees is the messages policy's `readableBy` over their messages' facts (pins.service.ts).
   */
  async list(conversationId: number): Promise<PinRow[]> {
    const rows = await this.db
      .selectFrom('message_pins as p')
      .innerJoin('messages as m', 'm.id', 'p.message_id')
      .innerJoin('users as u', 'u.id', 'm.sender_id')
      .select(['p.id', 'm.msg_id', 'u.nick_name', 'p.content', 'p.pinned_by', 'p.created_at'])
      .where('p.conversation_id', '=', conversationId)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      msg_id: r.msg_id,
      sender_nick: r.nick_name,
      content: r.content,
      pinned_by: Number(r.pinned_by),
      created_at: Number(r.created_at),
    }));
  }

  async count(conversationId: number): Promise<number> {
    const row = await this.db
      .selectFrom('message_pins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('conversation_id', '=', conversationId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Pins the message; answers false when it already was. */
  async insert(conversationId: number, messageId: number, by: number, content: string, now: number) {
    const res = await this.db
      .insertInto('message_pins')
      .values({
        conversation_id: conversationId,
        message_id: messageId,
        pinned_by: by,
        content,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['conversation_id', 'message_id']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** The conversation of pin `id`, when `userId` is a member of it. */
  async conversationOfPin(userId: number, id: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('message_pins as p')
      .innerJoin('conversation_members as m', (j) =>
        j.onRef('m.conversation_id', '=', 'p.conversation_id').on('m.user_id', '=', userId),
      )
      .select('p.conversation_id')
      .where('p.id', '=', id)
      .executeTakeFirst();
    return row ? Number(row.conversation_id) : undefined;
  }

  async deleteById(id: number): Promise<number> {
    const res = await this.db.deleteFrom('message_pins').where('id', '=', id).executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  async deleteByMsgId(conversationId: number, msgId: string): Promise<number> {
    const res = await this.db
      .deleteFrom('message_pins')
      .where('conversation_id', '=', conversationId)
      .where('message_id', 'in', (eb) => eb.selectFrom('messages').select('id').where('msg_id', '=', msgId))
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** Unpins `messageIds` of the conversation; answers how many pins went. */
  async deleteMessages(conversationId: number, messageIds: number[]): Promise<number> {
    if (messageIds.length === 0) return 0;
    const res = await this.db
      .deleteFrom('message_pins')
      .where('conversation_id', '=', conversationId)
      .where('message_id', 'in', messageIds)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** Whether any of `messageIds` is pinned in the conversation. */
  async anyOf(conversationId: number, messageIds: number[]): Promise<boolean> {
    if (messageIds.length === 0) return false;
    const row = await this.db
      .selectFrom('message_pins')
      .select('id')
      .where('conversation_id', '=', conversationId)
      .where('message_id', 'in', messageIds)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
