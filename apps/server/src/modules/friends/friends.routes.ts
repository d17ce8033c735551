import type { DomainHandlers } from '../../lib/route.js';
import type { ApplicationService } from './application.service.js';
import type { BlacklistService } from './blacklist.service.js';
import type { FriendsService } from './friends.service.js';
import type { NoticeService } from './notice.service.js';

/** Handlers of the `friends` routes of the contract (packages/protocol/src/contract/friends.ts). */
export function friendHandlers(s: {
  applications: ApplicationService;
  friends: FriendsService;
  blacklist: BlacklistService;
  notices: NoticeService;
}): DomainHandlers<'friends'> {
  const { applications, friends, blacklist, notices } = s;
  return {
    apply: (r) => applications.apply(r.userId, r.body),
    handle: (r) => applications.handle(r.userId, r.body),
    applyList: (r) => applications.list(r.userId, r.body),
    applyUnread: (r) => applications.unread(r.userId),
    applyRead: (r) => applications.markRead(r.userId),
    list: (r) => friends.list(r.userId, r.body),
    remove: (r) => friends.delete(r.userId, r.body.friendsWtId),
    updateRemark: (r) => friends.updateRemark(r.userId, r.body),
    updateSpaceStatus: (r) => friends.updateSpaceStatus(r.userId, r.body),
    info: (r) => friends.info(r.userId, r.body.searchId),
    blackAdd: (r) => blacklist.add(r.userId, r.body.friendWtId),
    blackRemove: (r) => blacklist.remove(r.userId, r.body.friendWtId),
    blackList: (r) => blacklist.list(r.userId, r.body),
    notice: (r) => notices.send(r.userId, r.body),
  };
}
