import { get, post } from './define.js';

/** Quick phrases (常用语); a phrase belongs to its owner only (another user's answers 24001). */
export const quickPhraseRoutes = {
  list: get('/userDailyWord/list'),
  add: post('/userDailyWord/add'),
  sort: post('/userDailyWord/sort'),
  update: post('/userDailyWord/update'),
  remove: post('/userDailyWord/deleteByIds'),
} as const;
