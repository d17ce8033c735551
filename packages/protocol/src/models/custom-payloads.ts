import { z } from 'zod';
import { CALL_CARD_RESULTS, TIP_OPERATIONS } from '../custom-constants.js';
import { friendCustomTypes } from './friends.js';

/**
 * The payloads of the messages the server writes itself (docs/api.md "Group tips", "Call cards",
 * "Friend notices"): declared once here, written by the server and read by clients.
 */

/** A person named by a group tip: wtId and nickname at the time. */
export const tipPersonSchema = z.object({ userID: z.string(), nick: z.string() });
export type TipPerson = z.infer<typeof tipPersonSchema>;

/** The payload of a `groupTip` message. */
export const groupTipPayloadSchema = z.object({
  operationType: z.enum(TIP_OPERATIONS),
  opUser: tipPersonSchema,
  memberList: z.array(tipPersonSchema),
  newGroupProfile: z
    .object({ name: z.string().optional(), notice: z.string().optional(), avatar: z.string().optional() })
    .optional(),
  /** Seconds (mute). */
  muteTime: z.number().optional(),
  /** The welcome text (welcome). */
  text: z.string().optional(),
});
export type GroupTipPayload = z.infer<typeof groupTipPayloadSchema>;

/** The `data` (JSON text) of a call card: a `custom` message the caller sends when a call ends. */
export const callCardDataSchema = z.object({
  businessID: z.literal('call'),
  callId: z.string(),
  /** 1 audio, 2 video. */
  callMediaType: z.number(),
  result: z.enum(CALL_CARD_RESULTS),
  /** Seconds connected (0 unless answered). */
  duration: z.number(),
  inviteeList: z.array(z.string()),
});
export type CallCardData = z.infer<typeof callCardDataSchema>;

/** The `data` (JSON text) of a friend notice: a `custom` message only the server writes. */
export const friendNoticeDataSchema = z.object({ businessID: z.enum(friendCustomTypes) });
export type FriendNoticeData = z.infer<typeof friendNoticeDataSchema>;
