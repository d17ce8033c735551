import { z } from 'zod';
import { helperAnswerSchema, helperFaqSchema } from '../models/helper.js';
import { helperKeywordBody, helperQuestionBody } from '../rest/helper.js';
import type { SchemasOf } from './define.js';
import type { helperRoutes } from './helper.routes.js';

export const helperSchemas = {
  list: { response: z.array(helperFaqSchema), errors: [] },
  question: { body: helperQuestionBody, response: helperAnswerSchema, errors: ['helperFaqNotFound'] },
  keyWord: { body: helperKeywordBody, response: helperAnswerSchema, errors: [] },
} as const satisfies SchemasOf<typeof helperRoutes>;
