import { z } from 'zod';
import { historySchema, messageSchema, searchResultSchema, syncResultSchema } from '../models/messages.js';
import {
  deleteMessagesBody,
  historyBody,
  messageRefBody,
  searchBody,
  sendMessageBody,
  syncBody,
} from '../rest/messages.js';
import type { ErrorName } from '../errors.js';
import type { SchemasOf } from './define.js';
import type { messageRoutes } from './messages.routes.js';

export const peerErrors: ErrorName[] = ['userNotFound', 'forbidden'];

export const messageSchemas = {
  send: {
    body: sendMessageBody,
    response: messageSchema,
    errors: [
      ...peerErrors,
      'messageTooLong',
      'localBlockedWord',
      'sensitiveText',
      'blacklisted',
      'targetInMyBlacklist',
      'accountCancelled',
      'rateLimited',
      'groupNotFound',
      'mutedInGroup',
      'allMuted',
      'quoteNotFound',
    ],
  },
  history: { body: historyBody, response: historySchema, errors: [...peerErrors, 'groupNotFound'] },
  sync: { body: syncBody, response: syncResultSchema, errors: [] },
  revoke: {
    body: messageRefBody,
    response: messageSchema,
    errors: ['notFound', 'forbidden', 'revokeWindowPassed'],
  },
  remove: {
    body: deleteMessagesBody,
    response: z.object({ messageIDs: z.array(z.string()) }),
    errors: ['notFound'],
    okMsg: '删除成功',
  },
  search: { body: searchBody, response: searchResultSchema, errors: peerErrors },
} as const satisfies SchemasOf<typeof messageRoutes>;
