import { z } from 'zod';

/** One emoji's reactions on a message, as a reader sees them. */
export const reactionSummarySchema = z.object({
  emoji: z.string(),
  totalUserCount: z.number(),
  reactedByMe: z.boolean(),
});
export type ReactionSummary = z.infer<typeof reactionSummarySchema>;

/** The reactions of some messages: `reactionList` per message ID (messages without any are left out). */
export const reactionListsSchema = z.object({
  list: z.array(z.object({ messageID: z.string(), reactionList: z.array(reactionSummarySchema) })),
});

/**
 * Socket `message.reaction`: someone (`wtId`) added or removed `emoji` on a message; `totals` are
 * the message's counts after it (a client keeps its own `reactedByMe`, changing it when `wtId` is its user).
 */
export const reactionChangedSchema = z.object({
  conversationID: z.string(),
  messageID: z.string(),
  wtId: z.string(),
  emoji: z.string(),
  added: z.boolean(),
  totals: z.array(z.object({ emoji: z.string(), totalUserCount: z.number() })),
});
export type ReactionChanged = z.infer<typeof reactionChangedSchema>;
