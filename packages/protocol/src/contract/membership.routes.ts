import { post } from './define.js';

/** Redeeming a membership code (docs/api.md "Membership"); GET /member/info is with the calls. */
export const membershipRoutes = {
  redeem: post('/member/redeem'),
} as const;
