import { z } from 'zod';
import { reactionListsSchema, reactionSummarySchema } from '../models/reactions.js';
import { reactionBody, reactionListBody } from '../rest/reactions.js';
import type { SchemasOf } from './define.js';
import type { reactionRoutes } from './reactions.routes.js';

const one = z.object({ messageID: z.string(), reactionList: z.array(reactionSummarySchema) });

export const reactionSchemas = {
  add: {
    body: reactionBody,
    response: one,
    errors: [
      'reactionMessageNotFound',
      'reactionLimit',
      'reactionNotEmoji',
      'blacklisted',
      'targetInMyBlacklist',
      'rateLimited',
    ],
  },
  remove: {
    body: reactionBody,
    response: one,
    errors: ['reactionMessageNotFound', 'blacklisted', 'targetInMyBlacklist', 'rateLimited'],
  },
  list: { body: reactionListBody, response: reactionListsSchema, errors: [] },
} as const satisfies SchemasOf<typeof reactionRoutes>;
