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
} from '../rest/friends.js';
import { pageOf } from '../models/common.js';
import {
  blackItemSchema,
  blackStatusResultSchema,
  customNoticeSchema,
  deleteFriendResultSchema,
  friendApplicationSchema,
  friendApplyUnreadSchema,
  friendInfoSchema,
  friendItemSchema,
} from '../models/friends.js';
import type { SchemasOf } from './define.js';
import type { friendRoutes } from './friends.routes.js';

export const friendSchemas = {
  apply: {
    body: applyFriendBody,
    response: friendApplicationSchema,
    errors: [
      'userNotFound',
      'accountCancelled',
      'applySelf',
      'alreadyFriend',
      'blockedByTarget',
      'targetInMyBlacklist',
      'friendLimit',
      'rateLimited',
    ],
    okMsg: '申请已发送',
  },
  handle: {
    body: handleApplyBody,
    response: friendApplicationSchema,
    errors: ['applyNotFound', 'applyHandled', 'applyExpired', 'friendLimit', 'accountCancelled'],
  },
  applyList: { body: applyListBody, response: pageOf(friendApplicationSchema), errors: [] },
  applyUnread: { response: friendApplyUnreadSchema, errors: [] },
  applyRead: { response: friendApplyUnreadSchema, errors: [] },
  list: { body: friendListBody, response: pageOf(friendItemSchema), errors: [] },
  remove: {
    body: deleteFriendBody,
    response: deleteFriendResultSchema,
    errors: ['userNotFound', 'notFriend'],
    okMsg: '删除好友成功',
  },
  updateRemark: {
    body: updateRemarkBody,
    response: friendItemSchema,
    errors: ['notFriend'],
    okMsg: '修改成功',
  },
  updateSpaceStatus: {
    body: updateSpaceStatusBody,
    response: friendItemSchema,
    errors: ['notFriend'],
    okMsg: '修改成功',
  },
  info: { body: friendInfoBody, response: friendInfoSchema, errors: ['rateLimited'] },
  blackAdd: {
    body: blackBody,
    response: blackStatusResultSchema,
    errors: ['userNotFound', 'blackSelf', 'blacklistLimit'],
    okMsg: '已拉黑对方',
  },
  blackRemove: {
    body: blackBody,
    response: blackStatusResultSchema,
    errors: ['userNotFound', 'blackSelf'],
    okMsg: '取消拉黑成功',
  },
  blackList: { body: blackListBody, response: pageOf(blackItemSchema), errors: [] },
  notice: {
    body: sendCustomMessageBody,
    response: customNoticeSchema,
    errors: ['forbidden', 'userNotFound', 'customMessageNotAllowed'],
  },
} as const satisfies SchemasOf<typeof friendRoutes>;
