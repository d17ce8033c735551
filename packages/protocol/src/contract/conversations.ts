import { z } from 'zod';
import { conversationPageSchema, conversationSchema, conversationSearchSchema } from '../models/messages.js';
import {
  conversationListBody,
  conversationRefBody,
  conversationSearchBody,
  customDataBody,
  deleteConversationBody,
  draftBody,
  markBody,
  muteBody,
  pinBody,
  readBody,
} from '../rest/messages.js';
import type { conversationRoutes } from './conversations.routes.js';
import type { SchemasOf } from './define.js';
import { peerErrors } from './messages.js';

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
  search: { body: conversationSearchBody, response: conversationSearchSchema, errors: [] },
} as const satisfies SchemasOf<typeof conversationRoutes>;
