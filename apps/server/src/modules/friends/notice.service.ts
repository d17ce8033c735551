import { randomUUID } from 'node:crypto';
import { CustomMsgType, type CustomNotice, type SendCustomMessageBody } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import type { UserRepo } from '../users/user.repo.js';
import type { BlacklistRepo } from './blacklist.repo.js';
import type { FriendshipRepo } from './friendship.repo.js';

/**
 * POST /user/sendCustomMessage: the add-friend, add-black and delete-friend notices (SPEC §3 custom
 * message types). Each must match the relation it announces, so nobody can forge notices.
 * Delivered live as `message.custom` (add-friend to both users, add-black and delete-friend to the
 * sender only); persisting it into the C2C conversation comes with
 * the messaging module (there is no message store yet).
 */
export class NoticeService {
  constructor(
    private readonly ctx: AppContext,
    private readonly users: UserRepo,
    private readonly friendships: FriendshipRepo,
    private readonly blacklist: BlacklistRepo,
  ) {}

  async send(userId: number, body: SendCustomMessageBody): Promise<CustomNotice> {
    const me = await this.users.byId(userId);
    if (!me || me.wt_id !== body.fromWtId) throw fail('forbidden', 'fromWtId必须是当前用户');
    const to = await this.users.byWtId(body.toWtId);
    if (!to || to.id === me.id) throw fail('userNotFound');

    const [friend, blocked] = await Promise.all([
      this.friendships.get(me.id, to.id),
      this.blacklist.has(me.id, to.id),
    ]);
    const fits =
      (body.type === CustomMsgType.addFriend && friend !== undefined) ||
      (body.type === CustomMsgType.addBlack && blocked) ||
      (body.type === CustomMsgType.deleteFriend && friend === undefined);
    if (!fits) throw fail('customMessageNotAllowed');

    const notice: CustomNotice = {
      id: randomUUID(),
      type: body.type,
      fromWtId: me.wt_id,
      toWtId: to.wt_id,
      time: this.ctx.clock.now(),
    };
    // Blocking and deleting are silent to the other side (as in WeChat): only the sender's tabs get
    // those notices; the add-friend notice ("you are now friends") goes to both.
    const recipients = body.type === CustomMsgType.addFriend ? [me.id, to.id] : [me.id];
    await this.ctx.realtime.toUsers(recipients, 'message.custom', notice);
    return notice;
  }
}
