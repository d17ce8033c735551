import { z } from 'zod';
import { intField, textField } from '../fields.js';
import { ToolLimits } from '../tools-constants.js';

/** POST /api/user/helperReply/question — asks the FAQ question `id`. */
export const helperQuestionBody = z.object({ id: intField('id', { min: 1 }) });
/** POST /api/user/helperReply/keyWord — a typed question, answered by keyword match. */
export const helperKeywordBody = z.object({
  keyWord: textField('keyWord', {
    max: ToolLimits.helperKeyword,
    min: 1,
    maxUnits: ToolLimits.helperKeyword * 4,
  }),
});
