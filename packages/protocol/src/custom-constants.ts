/**
 * Constants and helpers of the payloads the server writes itself (their zod schemas:
 * models/custom-payloads.ts). Free of zod, so the browser bundle can import them.
 */
import { CustomMsgType } from './enums.js';

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

/** How a call ended, as its card says (each side words it). */
export const CALL_CARD_RESULTS = ['canceled', 'declined', 'missed', 'busy', 'answered'] as const;
export type CallCardResult = (typeof CALL_CARD_RESULTS)[number];

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

/** What a client may send; `groupTip` is written by the server only. */
export const sendableMessageTypes = [
  'text',
  'image',
  'video',
  'sound',
  'file',
  'face',
  'location',
  'merger',
  'custom',
] as const;

/**
 * Message types a user may forward or save to favorites: what users send themselves. Group tips are
 * the server's; friend notices (custom with a notice businessID) are excluded by their data.
 */
export const FORWARDABLE_TYPES: readonly string[] = sendableMessageTypes;

/** The `custom` business types only the server writes: call cards and the three friend notices. */
const SERVER_CUSTOM_TYPES: readonly unknown[] = [
  'call',
  CustomMsgType.addFriend,
  CustomMsgType.addBlack,
  CustomMsgType.deleteFriend,
];

/**
 * Whether a message may be sent again by a user (forwarded): its type is one users send, and a
 * `custom` one is not a server-written card or notice.
 */
export function isForwardable(m: { type: string; payload: Record<string, unknown> }): boolean {
  if (!FORWARDABLE_TYPES.includes(m.type)) return false;
  return m.type !== 'custom' || !SERVER_CUSTOM_TYPES.includes(customDataOf(m.payload)?.businessID);
}
