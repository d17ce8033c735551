import { z } from 'zod';
import {
  conversationPageSchema,
  conversationSchema,
  historySchema,
  messageSchema,
  searchResultSchema,
  syncResultSchema,
} from '../models/messages.js';
import {
  conversationListBody,
  conversationRefBody,
  customDataBody,
  deleteConversationBody,
  deleteMessagesBody,
  draftBody,
  historyBody,
  markBody,
  messageRefBody,
  muteBody,
  pinBody,
  readBody,
  searchBody,
  sendMessageBody,
  syncBody,
} from '../rest/messages.js';
import type { ErrorName } from '../errors.js';
import type { SchemasOf } from './define.js';
import type { messageRoutes } from './messages.routes.js';

const peerErrors: ErrorName[] = ['userNotFound', 'forbidden'];

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
    ],
  },
  history: { body: historyBody, response: historySchema, errors: peerErrors },
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

export const conversationSchemas = {
  list: { body: conversationListBody, response: conversationPageSchema, errors: [] },
  get: { body: conversationRefBody, response: conversationSchema, errors: peerErrors },
  read: { body: readBody, response: conversationSchema, errors: peerErrors },
  pin: { body: pinBody, response: conversationSchema, errors: peerErrors },
  mute: { body: muteBody, response: conversationSchema, errors: peerErrors },
  mark: {
    body: markBody,
    response: z.object({ conversations: z.array(conversationSchema) }),
    errors: peerErrors,
  },
  customData: { body: customDataBody, response: conversationSchema, errors: peerErrors },
  draft: { body: draftBody, response: conversationSchema, errors: peerErrors },
  remove: {
    body: deleteConversationBody,
    response: z.object({ conversationID: z.string() }),
    errors: peerErrors,
    okMsg: '删除成功',
  },
  clearHistory: {
    body: conversationRefBody,
    response: conversationSchema,
    errors: peerErrors,
    okMsg: '清空聊天记录成功',
  },
} as const satisfies SchemasOf<typeof import('./conversations.routes.js').conversationRoutes>;
