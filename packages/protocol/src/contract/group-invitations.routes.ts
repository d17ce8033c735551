import { post } from './define.js';

/** Invitations to groups waiting for the invited user's consent. */
export const groupInvitationRoutes = {
  list: post('/user/groupchat/invitation/list'),
  handle: post('/user/groupchat/invitation/handle'),
} as const;
