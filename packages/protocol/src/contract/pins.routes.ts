import { post } from './define.js';

/** Pinned messages of one-to-one chats; only the chat's two participants reach them. */
export const pinRoutes = {
  list: post('/user/c2cTop/list'),
  add: post('/user/c2cTop/add'),
  remove: post('/user/c2cTop/del'),
  removeByMsg: post('/user/c2cTop/delByMsgId'),
} as const;
