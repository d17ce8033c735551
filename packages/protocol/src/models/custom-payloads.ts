import { z } from 'zod';
import { friendCustomTypes } from './friends.js';

/**
 * The payloads of the messages the server writes itself (docs/api.md "Group tips", "Call cards",
 * "Friend notices"): declared once here, written by the server and read by clients.
 */

/** A person named by a group tip: wtId and nickname at the time. */
export const tipPersonSchema = z.object({ userID: z.string(), nick: z.string() });
export type TipPerson = z.infer<typeof tipPersonSchema>;

/** What a group tip says happened, as a word (older tips stored the groups module's number). */
export const TIP_OPERATIONS = [
  'create',
  'join',
  'quit',
  'kick',
  'setAdmin',
  'cancelAdmin',
  'transfer',
  'profile',
  'mute',
  'unmute',
  'muteAll',
  'unmuteAll',
  'welcome',
  'dismiss',
] as const;
export type TipOperation = (typeof TIP_OPERATIONS)[number];

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

/** How a call ended, as its card says (each side words it). */
export const CALL_CARD_RESULTS = ['canceled', 'declined', 'missed', 'busy', 'answered'] as const;
export type CallCardResult = (typeof CALL_CARD_RESULTS)[number];

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

/** The parsed `data` of a `custom` message's payload, or undefined (none, or not a JSON object). */
export function customDataOf(payload: Record<string, unknown>): Record<string, unknown> | undefined {
  if (typeof payload.data !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(payload.data);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Message types a user may forward or save to favorites: what users send themselves. Group tips are
 * the server's; friend notices (custom with a notice businessID) are excluded by their data.
 */
export const FORWARDABLE_TYPES: readonly string[] = [
  'text',
  'image',
  'video',
  'sound',
  'file',
  'face',
  'location',
  'merger',
  'custom',
];
