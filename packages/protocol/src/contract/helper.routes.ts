import { get, post } from './define.js';

/** The official helper's FAQ (常见问题); answers go into the caller's helper conversation. */
export const helperRoutes = {
  list: get('/user/helperReply/list'),
  question: post('/user/helperReply/question'),
  keyWord: post('/user/helperReply/keyWord'),
} as const;
