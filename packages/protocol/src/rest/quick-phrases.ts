import { z } from 'zod';
import { intField, listField, textField } from '../fields.js';
import { ToolLimits } from '../tools-constants.js';

/** Quick phrases: each user's own list (GET /userDailyWord/list and the four POSTs below). */
export const quickPhraseWord = textField('常用语', {
  max: ToolLimits.quickPhrase,
  min: 1,
  maxUnits: ToolLimits.quickPhrase * 4,
});
const phraseId = intField('id', { min: 1 });
const wordSort = intField('wordSort', { min: 0, max: 1_000_000 });
const phraseIds = listField(
  'ids',
  phraseId,
  ToolLimits.quickPhrasesMax,
  `ids最多${ToolLimits.quickPhrasesMax}个`,
).refine((ids) => ids.length > 0, { error: 'ids不能为空' });

/** POST /api/userDailyWord/add — without `wordSort` the phrase goes last. */
export const addQuickPhraseBody = z.object({ word: quickPhraseWord, wordSort: wordSort.optional() });
/** POST /api/userDailyWord/update */
export const updateQuickPhraseBody = z.object({
  id: phraseId,
  word: quickPhraseWord,
  wordSort: wordSort.optional(),
});
/** POST /api/userDailyWord/sort — the caller's phrases in their new order. */
export const sortQuickPhrasesBody = z.object({ ids: phraseIds });
/** POST /api/userDailyWord/deleteByIds */
export const deleteQuickPhrasesBody = z.object({ ids: phraseIds });

export type AddQuickPhraseBody = z.infer<typeof addQuickPhraseBody>;
export type UpdateQuickPhraseBody = z.infer<typeof updateQuickPhraseBody>;
