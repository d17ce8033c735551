import { get, post } from './define.js';

/** Custom conversation tabs; a tab belongs to its owner only (another user's answers 24010). */
export const sessionGroupRoutes = {
  list: get('/sessionGroup/list'),
  hide: post('/sessionGroup/hide'),
  sort: post('/sessionGroup/sort'),
  add: post('/sessionGroup/add'),
  remove: post('/sessionGroup/delete'),
  update: post('/sessionGroup/update'),
  getById: post('/sessionGroup/getById'),
} as const;
