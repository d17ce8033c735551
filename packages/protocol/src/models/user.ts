import { z } from 'zod';
import { bit } from './common.js';
import { LANGUAGES } from '../errors/define.js';

/** The logged-in user (GET /user/info, the login answers, `user.updated`). */
export const userInfoSchema = z.object({
  userId: z.string(),
  wtId: z.string(),
  phone: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  bio: z.string(),
  vipLevel: z.number(),
  vipType: z.number(),
  hasStep2Pwd: z.boolean(),
  /** Holds the operator role: may open the admin console (docs/operations.md "Admin console"). */
  isOperator: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** Answer of a completed login: the session plus the user. */
export const loginResultSchema = userInfoSchema.extend({
  token: z.string(),
  imToken: z.string(),
  expiresAt: z.number(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** Answer of a login that needs the second step (envelope code 712). */
export const step2ChallengeSchema = z.object({ ticket: z.string(), tips: z.string() });
export type Step2Challenge = z.infer<typeof step2ChallengeSchema>;

export const qrCodeIssuedSchema = z.object({ qrCode: z.string(), expiresAt: z.number() });
export type QrCodeIssued = z.infer<typeof qrCodeIssuedSchema>;

/** status: 0 waiting, 1 scanned, 2 confirmed (then `login` holds the session). */
export const qrPollResultSchema = z.object({
  status: z.literal([0, 1, 2]),
  expiresAt: z.number(),
  login: loginResultSchema.optional(),
});
export type QrPollResult = z.infer<typeof qrPollResultSchema>;

export const qrStatusSchema = z.object({ status: z.literal([0, 1, 2]) });

/** GET /user/userConfig/getInfo */
export const userConfigSchema = z.object({
  /** Quick-phrase switch: 1 shows quick phrases in one-to-one chats. */
  dailyWordSwitch: bit,
  /** 1 shows voice/video call entries. */
  webMediaSwitch: bit,
  notifyEnabled: bit,
  notifyPreview: bit,
  notifySound: bit,
  /** The language the user chose (zh-CN, en, ja), null until chosen: server texts fall back to it. */
  language: z.enum(LANGUAGES).nullable(),
});
export type UserConfig = z.infer<typeof userConfigSchema>;

/** A user found by POST /user/searchById. `source` 1 = matched the wtId, 2 = the phone. */
export const userSearchResultSchema = z.object({
  userID: z.string(),
  wtId: z.string(),
  name: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  type: z.literal('user'),
  source: z.literal([1, 2]),
});
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

/** GET /user/counters and `counters.updated` (partial there): the sidebar badge numbers. */
export const countersSchema = z.object({
  /** Total unread messages over all conversations (messages badge). */
  unread: z.number(),
  /** Unread friend applications (part of the contacts badge). */
  friendApplyUnread: z.number(),
  /** Group notification counters (part of the contacts badge). */
  joinApplyUnRead: z.number(),
  otherUnRead: z.number(),
  selfApplyUnRead: z.number(),
  /** Moment notifications (moments badge). */
  moments: z.number(),
});
export type Counters = z.infer<typeof countersSchema>;

/** GET /api/health */
export const healthSchema = z.object({
  db: z.object({ dialect: z.enum(['sqlite', 'postgres']), ok: z.boolean() }),
  bus: z.object({ kind: z.enum(['memory', 'redis']), ok: z.boolean() }),
  node: z.string(),
  /**
   * Where this node commits one-to-one sends (SQLite): 'off' (on its main thread: PostgreSQL, one
   * core, or SEND_THREAD=0), 'idle' (not started: no send yet), 'running', 'failed' (sends moved
   * back to the main thread), 'closed' (shutting down).
   */
  sendThread: z.enum(['off', 'idle', 'running', 'failed', 'closed']),
});
export type Health = z.infer<typeof healthSchema>;
