import { z } from 'zod';
import { messageSchema } from './messages.js';

/** A question of the helper's FAQ (常见问题) with its answer. */
export const helperFaqSchema = z.object({
  id: z.number(),
  question: z.string(),
  replyMsg: z.string(),
});
export type HelperFaq = z.infer<typeof helperFaqSchema>;

/**
 * What asking the helper answers: the caller's question as sent to the helper, the helper's reply
 * (a `custom` message with businessID 'helper'), and the FAQ item it answered with (null: none matched).
 */
export const helperAnswerSchema = z.object({
  question: messageSchema,
  reply: messageSchema,
  matched: helperFaqSchema.nullable(),
});
export type HelperAnswer = z.infer<typeof helperAnswerSchema>;

/** `data` of the helper's custom messages (SPEC helper message). */
export interface HelperMessageData {
  businessID: 'helper';
  /** 'welcome' (with the questions), 'reply' (an answer) or 'fallback' (nothing matched, with the questions). */
  detailType: 'welcome' | 'reply' | 'fallback';
  content: { txtMsg: HelperFaq[]; imgMsg?: string };
  jumpUrl?: string;
}
