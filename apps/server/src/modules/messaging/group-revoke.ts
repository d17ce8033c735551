import { MessageLimits, type Message } from '@parley/protocol';
import { sql } from 'kysely';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import { groupsPolicy } from '../../policies/groups.policy.js';
import { authorize } from '../../policies/policy.js';
import type { GroupAccess, Loaded } from '../groups/group.access.js';
import type { UserRepo } from '../users/user.repo.js';
import type { GroupChatAccess } from './group-access.js';
import { GROUP_MESSAGES_ONLY, GroupConvRepo } from './group-conv.repo.js';
import { groupConversationId, toGroupMessage } from './group-views.js';
import type { MessageRow } from './message.repo.js';
import { MessagingViews } from './messaging.views.js';

/** Who revoked a message as others see it when a manager revoked someone else's. */
export const ADMIN_REVOKER = 'administrator';

/**
 * Revokes in groups (docs/api.md "Group messaging"): one's own message within the window, any
 * message of a member one outranks (owner and admins, any time, shown as revoked by the
 * administrator), and everything a member sent up to a sequence. Each revoked message gets a new
 * version of its conversation (one each, so sync pages never split a version), and the change
 * goes to the group's topic.
 */
export class GroupRevokes {
  constructor(
    private readonly ctx: AppContext,
    private readonly chats: GroupChatAccess,
    private readonly access: GroupAccess,
    private readonly users: UserRepo,
  ) {}

  private async groupNumberOf(conversationId: number): Promise<string> {
    const row = await this.ctx.db
      .selectFrom('conversations as c')
      .innerJoin('groups as g', 'g.id', 'c.group_id')
      .select('g.group_number')
      .where('c.id', '=', conversationId)
      .executeTakeFirst();
    if (!row) throw fail('notFound');
    return row.group_number;
  }

  async revoke(userId: number, row: MessageRow): Promise<Message> {
    const chat = await this.chats.open(
      userId,
      groupConversationId(await this.groupNumberOf(row.conversation_id)),
    );
    let revoker: string;
    if (row.sender_id === userId) {
      authorize(groupsPolicy, 'group.view', { userId }, chat.loaded.facts);
      if (this.ctx.clock.now() - row.created_at > MessageLimits.revokeWindowMs)
        throw fail('revokeWindowPassed');
      revoker = (await this.users.byId(userId))?.wt_id ?? '';
    } else {
      const sender = await this.users.byId(row.sender_id);
      authorize(
        groupsPolicy,
        'message.revokeOthers',
        { userId },
        await this.access.target(chat.loaded, sender),
      );
      revoker = ADMIN_REVOKER;
    }
    if (row.revoked === 0) {
      await this.ctx.uow.run(async (uow) => {
        const convs = new GroupConvRepo(uow.db);
        const version = await convs.bumpVersion(row.conversation_id);
        const res = await uow.db
          .updateTable('messages')
          .set({ revoked: 1, revoker, search_text: '', version, updated_at: this.ctx.clock.now() })
          .where('id', '=', row.id)
          .where('revoked', '=', 0)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0) return;
        const fresh = (await uow.db
          .selectFrom('messages')
          .selectAll()
          .where('id', '=', row.id)
          .executeTakeFirst())!;
        const sender = await uow.db
          .selectFrom('users')
          .select(['id', 'wt_id', 'nick_name', 'avatar'])
          .where('id', '=', row.sender_id)
          .executeTakeFirst();
        const frame = toGroupMessage(fresh, chat.group, sender && { ...sender, id: Number(sender.id) }, {
          readerId: 0,
          nameCard: '',
        });
        uow.emit({ topic: groupConversationId(chat.group.number) }, 'message.updated', frame);
      });
    }
    const fresh = (await this.ctx.db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirst())!;
    return new MessagingViews(this.ctx.db).message(userId, fresh);
  }

  /**
   * One message of `userWtId`, named by its sequence (the legacy path of '撤回此消息'): the rules of
   * `revoke` (one's own within the window; a manager's over those they outrank, any time).
   */
  async withdrawMsg(userId: number, body: { groupNumber: string; userWtId: string; msgSeq: number }) {
    const loaded = await this.access.load(userId, body.groupNumber);
    if (!loaded.group) throw fail('groupNotFound');
    // Someone outside the group learns nothing about its messages.
    authorize(groupsPolicy, 'group.view', { userId }, (loaded as Loaded).facts);
    const conv = await new GroupConvRepo(this.ctx.db).byGroup(loaded.group.id);
    const sender = await this.users.byWtId(body.userWtId.toLowerCase());
    if (!sender) throw fail('userNotFound');
    const row =
      conv &&
      (await this.ctx.db
        .selectFrom('messages')
        .selectAll()
        .where('conversation_id', '=', conv.id)
        .where('seq', '=', body.msgSeq)
        .executeTakeFirst());
    if (!row || row.sender_id !== sender.id) throw fail('notFound');
    return this.revoke(userId, row);
  }

  /** Everything `wtId` sent in the group up to `seq`, revoked by the administrator (socket type 7). */
  async revokeAll(userId: number, body: { groupNumber: string; wtId: string; seq: number }) {
    const loaded = await this.access.load(userId, body.groupNumber);
    if (!loaded.group) throw fail('groupNotFound');
    const target = await this.users.byWtId(body.wtId.toLowerCase());
    const facts = await this.access.target(loaded as never, target);
    authorize(groupsPolicy, 'message.revokeOthers', { userId }, facts);
    const conv = await new GroupConvRepo(this.ctx.db).byGroup(loaded.group.id);
    if (!conv) return { revoked: 0 };
    const revoked = await this.ctx.uow.run(async (uow) => {
      const convs = new GroupConvRepo(uow.db);
      // The conversation row first (the lock order of sends), then the messages.
      const base = await convs.bumpVersion(conv.id);
      const span = await uow.db
        .selectFrom('messages')
        .select((eb) => [eb.fn.min<number>('seq').as('lo'), eb.fn.max<number>('seq').as('hi')])
        .where('conversation_id', '=', conv.id)
        .where('sender_id', '=', target!.id)
        .where(GROUP_MESSAGES_ONLY)
        .where('seq', '<=', body.seq)
        .where('revoked', '=', 0)
        .executeTakeFirst();
      if (span?.lo === null || span?.lo === undefined) return 0;
      const lo = Number(span.lo);
      const hi = Number(span.hi);
      // One version per message: base + (seq - lo), then the counter moves past them.
      await uow.db
        .updateTable('conversations')
        .set({ version: sql`version + ${hi - lo}` })
        .where('id', '=', conv.id)
        .execute();
      const res = await uow.db
        .updateTable('messages')
        .set({
          revoked: 1,
          revoker: ADMIN_REVOKER,
          search_text: '',
          version: sql`${base - lo} + seq`,
          updated_at: this.ctx.clock.now(),
        })
        .where('conversation_id', '=', conv.id)
        .where('sender_id', '=', target!.id)
        .where(GROUP_MESSAGES_ONLY)
        .where('seq', '<=', body.seq)
        .where('revoked', '=', 0)
        .executeTakeFirst();
      uow.emit({ topic: groupConversationId(loaded.group!.group_number) }, '7', {
        groupNumber: loaded.group!.group_number,
        wtId: target!.wt_id,
        seq: body.seq,
        withdrawUserWtId: target!.wt_id,
        lastMessageSequence: body.seq,
      });
      return Number(res.numUpdatedRows);
    });
    return { revoked };
  }
}
