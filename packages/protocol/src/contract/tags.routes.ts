import { get, post } from './define.js';

/** Friend tags; a tag belongs to its owner only (another user's tag answers 21020). */
export const tagRoutes = {
  list: get('/userTag/list'),
  add: post('/userTag/add'),
  rename: post('/userTag/rename'),
  remove: post('/userTag/deleteBatch'),
  addUsers: post('/userTag/addUser4Tag'),
  removeUsers: post('/userTag/deleteUser4Tag'),
  users: post('/userTag/getUserList'),
  ofUser: post('/userTag/initSetList'),
  setForUser: post('/userTag/setTag4User'),
} as const;
