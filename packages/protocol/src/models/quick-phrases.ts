import { z } from 'zod';

/** A quick phrase (常用语): its text and its place in the owner's list. */
export const quickPhraseSchema = z.object({
  id: z.number(),
  word: z.string(),
  wordSort: z.number(),
});
export type QuickPhrase = z.infer<typeof quickPhraseSchema>;
