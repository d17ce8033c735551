import { post } from './define.js';

/**
 * Group messaging beside the shared message routes (docs/api.md "Group messaging"): read receipts
 * of one's own group messages, their read-member lists, and an administrator's revoke of everything
 * a member sent.
 */
export const groupMessageRoutes = {
  readReceipts: post('/message/readReceipts'),
  readMembers: post('/message/readMembers'),
  revokeAll: post('/user/groupchat/admin/revokeAll'),
} as const;
