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
  /** The legacy names of an administrator's revokes: one message by sequence, and revokeAll. */
  withdrawMsg: post('/user/groupchat/admin/withdrawMsg'),
  withdrawByUser: post('/user/groupchat/admin/withdrawWebMsgByUser'),
} as const;
