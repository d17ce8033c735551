import { z } from 'zod';
import { required, listField, textField } from '../fields.js';
import { messageSchema } from '../models/messages.js';
import { conversationIdField } from '../rest/messages.js';
import type { SchemasOf } from './define.js';
import { ForwardLimits, type forwardRoutes } from './forward.routes.js';
import { peerErrors } from './messages.js';

const messageId = z
  .string(required('messageID'))
  .max(40, { error: 'messageID格式不正确', abort: true })
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'messageID格式不正确');

/** POST /message/forward. `forwardId` names this forward: sending it again does not send twice. */
export const forwardBody = z.object({
  forwardId: z
    .string(required('forwardId'))
    .max(40, { error: 'forwardId格式不正确', abort: true })
    .regex(/^[A-Za-z0-9_-]{8,40}$/, 'forwardId格式不正确'),
  messageIDs: listField('messageIDs', messageId, ForwardLimits.messages, '最多转发100条消息').refine(
    (l) => l.length > 0,
    { error: '未选择消息' },
  ),
  conversationIDs: listField(
    'conversationIDs',
    conversationIdField(),
    ForwardLimits.targets,
    '最多转发给20个会话',
  ).refine((l) => l.length > 0, { error: '请选择会话' }),
  mode: z.enum(['single', 'merged'], { error: 'mode格式不正确' }),
  /** The merged record's title (merged mode); default '聊天记录'. */
  title: textField('title', { max: 64 }).optional(),
});

export type ForwardBody = z.infer<typeof forwardBody>;

export const forwardResultSchema = z.object({
  /** The new messages as the caller sees them, by target then original order. */
  messages: z.array(messageSchema),
});

export const mergerBody = z.object({
  downloadKey: z.string(required('downloadKey')).regex(/^[0-9a-f]{32}$/, 'downloadKey格式不正确'),
});

export const mergerSchema = z.object({ messages: z.array(messageSchema) });

export const forwardSchemas = {
  forward: {
    body: forwardBody,
    response: forwardResultSchema,
    errors: [...peerErrors, 'notFound', 'sensitiveText', 'blacklisted', 'messageTooLong', 'rateLimited'],
    okMsg: '转发成功',
  },
  merger: { body: mergerBody, response: mergerSchema, errors: ['fileMissing'] },
} as const satisfies SchemasOf<typeof forwardRoutes>;
