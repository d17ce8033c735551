import { z } from 'zod';
import { bit } from './common.js';

/** A message pinned in a one-to-one chat, as one participant sees it. */
export const pinnedMessageSchema = z.object({
  id: z.number(),
  msgId: z.string(),
  /** The message sender's nickname. */
  nickName: z.string(),
  /** The abstract kept when pinned. */
  msgContent: z.string(),
  /** 1 = pinned by the reader. */
  oneSelf: bit,
  /** The chat as the reader names it (C2C<the other side's wtId>). */
  conversationID: z.string(),
  /** Unix ms. */
  createTime: z.number(),
});
export type PinnedMessage = z.infer<typeof pinnedMessageSchema>;

/** Socket type 3: the pins of a chat changed (each side gets its own view). */
export const pinsChangedSchema = z.object({ conversationID: z.string(), list: z.array(pinnedMessageSchema) });
export type PinsChanged = z.infer<typeof pinsChangedSchema>;
