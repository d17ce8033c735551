import { z } from 'zod';
import { messageSchema, readMembersSchema, readReceiptsSchema } from '../models/messages.js';
import {
  readMembersBody,
  readReceiptsBody,
  revokeAllBody,
  withdrawByUserBody,
  withdrawMsgBody,
} from '../rest/messages.js';
import type { SchemasOf } from './define.js';
import type { groupMessageRoutes } from './group-messages.routes.js';

export const groupMessageSchemas = {
  readReceipts: {
    body: readReceiptsBody,
    response: readReceiptsSchema,
    errors: ['notFound', 'forbidden', 'groupNotFound'],
  },
  readMembers: {
    body: readMembersBody,
    response: readMembersSchema,
    errors: ['notFound', 'forbidden', 'groupNotFound'],
  },
  revokeAll: {
    body: revokeAllBody,
    response: z.object({ revoked: z.number() }),
    errors: ['groupNotFound', 'forbidden', 'userNotFound', 'groupMemberNotFound'],
    okMsg: '撤回成功',
  },
  withdrawMsg: {
    body: withdrawMsgBody,
    response: messageSchema,
    errors: ['groupNotFound', 'forbidden', 'userNotFound', 'notFound'],
    okMsg: '撤回成功',
  },
  withdrawByUser: {
    body: withdrawByUserBody,
    response: z.object({ revoked: z.number() }),
    errors: ['groupNotFound', 'forbidden', 'userNotFound', 'groupMemberNotFound'],
    okMsg: '撤回成功',
  },
} as const satisfies SchemasOf<typeof groupMessageRoutes>;
