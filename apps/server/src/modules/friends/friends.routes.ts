import {
  applyFriendBody,
  applyListBody,
  blackBody,
  blackListBody,
  deleteFriendBody,
  friendInfoBody,
  friendListBody,
  handleApplyBody,
  sendCustomMessageBody,
  updateRemarkBody,
  updateSpaceStatusBody,
} from '@parley/protocol';
import { route, type RouteDef } from '../../lib/route.js';
import type { ApplicationService } from './application.service.js';
import type { BlacklistService } from './blacklist.service.js';
import type { FriendsService } from './friends.service.js';
import type { NoticeService } from './notice.service.js';

/** SPEC §7 "Friends and tags" (friend part) plus Parley's list/unread/read/blacklist-list routes. */
export function friendRoutes(s: {
  applications: ApplicationService;
  friends: FriendsService;
  blacklist: BlacklistService;
  notices: NoticeService;
}): RouteDef[] {
  const { applications, friends, blacklist, notices } = s;
  return [
    route({
      method: 'POST',
      url: '/userFriends/apply',
      body: applyFriendBody,
      okMsg: '申请已发送',
      handler: (r) => applications.apply(r.userId, r.body),
    }),
    route({
      method: 'POST',
      url: '/userFriends/apply/handle',
      body: handleApplyBody,
      handler: (r) => applications.handle(r.userId, r.body),
    }),
    route({
      method: 'POST',
      url: '/userFriends/applyList',
      body: applyListBody,
      handler: (r) => applications.list(r.userId, r.body),
    }),
    route({
      method: 'GET',
      url: '/userFriends/apply/unreadCount',
      handler: (r) => applications.unread(r.userId),
    }),
    route({
      method: 'POST',
      url: '/userFriends/apply/read',
      handler: (r) => applications.markRead(r.userId),
    }),
    route({
      method: 'POST',
      url: '/userFriends/list',
      body: friendListBody,
      handler: (r) => friends.list(r.userId, r.body),
    }),
    route({
      method: 'POST',
      url: '/userFriends/delete',
      body: deleteFriendBody,
      okMsg: '删除好友成功',
      handler: (r) => friends.delete(r.userId, r.body.friendsWtId),
    }),
    route({
      method: 'POST',
      url: '/userFriends/update',
      body: updateRemarkBody,
      okMsg: '修改成功',
      handler: (r) => friends.updateRemark(r.userId, r.body),
    }),
    route({
      method: 'POST',
      url: '/userFriends/updateSpaceStatus',
      body: updateSpaceStatusBody,
      okMsg: '修改成功',
      handler: (r) => friends.updateSpaceStatus(r.userId, r.body),
    }),
    route({
      method: 'POST',
      url: '/user/friendInfo',
      body: friendInfoBody,
      handler: (r) => friends.info(r.userId, r.body.searchId),
    }),
    route({
      method: 'POST',
      url: '/user/friendBlack/add',
      body: blackBody,
      okMsg: '已拉黑对方',
      handler: (r) => blacklist.add(r.userId, r.body.friendWtId),
    }),
    route({
      method: 'POST',
      url: '/user/friendBlack/deleteByUserId',
      body: blackBody,
      okMsg: '取消拉黑成功',
      handler: (r) => blacklist.remove(r.userId, r.body.friendWtId),
    }),
    route({
      method: 'POST',
      url: '/user/friendBlack/list',
      body: blackListBody,
      handler: (r) => blacklist.list(r.userId, r.body),
    }),
    route({
      method: 'POST',
      url: '/user/sendCustomMessage',
      body: sendCustomMessageBody,
      handler: (r) => notices.send(r.userId, r.body),
    }),
  ] as RouteDef[];
}
