import { post } from './define.js';

/** Sending, history, sync, revoke, delete and search of messages (docs/api.md "Messages and conversations"). */
export const messageRoutes = {
  send: post('/message/send'),
  history: post('/message/history'),
  sync: post('/message/sync'),
  revoke: post('/message/revoke'),
  remove: post('/message/delete'),
  search: post('/message/search'),
} as const;
