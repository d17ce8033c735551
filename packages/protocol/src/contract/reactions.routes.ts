import { post } from './define.js';

/** Emoji reactions on messages (one-to-one and group), for the conversation's members. */
export const reactionRoutes = {
  add: post('/message/reaction/add'),
  remove: post('/message/reaction/remove'),
  list: post('/message/reaction/list'),
} as const;
