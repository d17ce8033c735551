import { randomUUID } from 'node:crypto';
import {
  CustomMsgType,
  type CustomNotice,
  type FriendCustomType,
  type SendCustomMessageBody,
} from '@parley/protocol';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AppContext } from '../../lib/context.js';
import { authorize } from '../../policies/policy.js';
import { noticesPolicy } from '../../policies/notices.policy.js';
import type { UserRepo } from '../users/user.repo.js';
import type { BlacklistRepo } from './blacklist.repo.js';
import type { FriendshipRepo } from './friendship.repo.js';
import type { FriendHooks } from './friend.hooks.js';
import { loadRelation } from './relation.js';

/**
 * Queues a friend notice's live event on `uow` (docs/api.md "Friend notices"). The add-friend notice
 * ("you are now friends") goes to both users; blocking and deleting are silent to the other side (as
 * in WeChat), so those go to the sender's tabs only.
 */
export function queueFriendNotice(
  uow: UnitOfWork,
  from: { id: number; wt_id: string },
  to: { id: number; wt_id: string },
  type: FriendCustomType,
  now: number,
): CustomNotice {
  const notice: CustomNotice = { id: randomUUID(), type, fromWtId: from.wt_id, toWtId: to.wt_id, time: now };
  uow.emit(type === CustomMsgType.addFriend ? [from.id, to.id] : [from.id], 'message.custom', notice);
  return notice;
}

/**
 * A friend notice announced and kept: the live event, and the `notice.sent` hook, on which the
 * messaging module stores it in the one-to-one conversation within the same transaction.
 */
export async function announceFriendNotice(
  uow: UnitOfWork,
  hooks: FriendHooks,
  from: { id: number; wt_id: string },
  to: { id: number; wt_id: string },
  type: FriendCustomType,
  now: number,
): Promise<CustomNotice> {
  const notice = queueFriendNotice(uow, from, to, type, now);
  await hooks.emit('notice.sent', { fromId: from.id, toId: to.id, type, at: now, noticeId: notice.id }, uow);
  return notice;
}

/**
 * POST /user/sendCustomMessage: another client asks for one of the three notices explicitly. It must
 * match the current relation (policy `notice.send`), so nobody can forge one.
 */
export class NoticeService {
  constructor(
    private readonly ctx: AppContext,
    private readonly users: UserRepo,
    readonly friendships: FriendshipRepo,
    readonly blacklist: BlacklistRepo,
    private readonly hooks: FriendHooks,
  ) {}

  async send(userId: number, body: SendCustomMessageBody): Promise<CustomNotice> {
    const me = await this.users.byId(userId);
    // wtIds are case-insensitive (stored in lower case).
    const fromSelf = !!me && me.wt_id === body.fromWtId.toLowerCase();
    const to = await this.users.byWtId(body.toWtId);
    const relation = await loadRelation(this, userId, to);
    const field = fromSelf ? undefined : 'fromWtId';
    authorize(noticesPolicy, 'notice.send', { userId }, { fromSelf, relation, type: body.type }, field);
    return this.ctx.uow.run((uow) =>
      announceFriendNotice(uow, this.hooks, me!, to!, body.type, this.ctx.clock.now()),
    );
  }
}
