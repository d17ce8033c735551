import { get, post } from './define.js';

/** Friend applications, the friend list, remarks, moments visibility, profiles, blacklist, notices. */
export const friendRoutes = {
  apply: post('/userFriends/apply'),
  handle: post('/userFriends/apply/handle'),
  applyList: post('/userFriends/applyList'),
  applyUnread: get('/userFriends/apply/unreadCount'),
  applyRead: post('/userFriends/apply/read'),
  list: post('/userFriends/list'),
  remove: post('/userFriends/delete'),
  updateRemark: post('/userFriends/update'),
  updateSpaceStatus: post('/userFriends/updateSpaceStatus'),
  info: post('/user/friendInfo'),
  blackAdd: post('/user/friendBlack/add'),
  blackRemove: post('/user/friendBlack/deleteByUserId'),
  blackList: post('/user/friendBlack/list'),
  notice: post('/user/sendCustomMessage'),
} as const;
