import { z } from 'zod';
import {
  currentCallSchema,
  iceServersSchema,
  mediaCallBody,
  mediaCallResult,
  mediaUploadBody,
  memberInfoSchema,
} from '../models/calls.js';
import { groupCallInfoBody, groupCallInfoSchema } from '../models/group-calls.js';
import type { SchemasOf } from './define.js';
import type { callRoutes } from './calls.routes.js';

/** 1: today's limit is reached (the call must not start / must end); 0: go on. */
const limitFlag = z.union([z.literal(0), z.literal(1)]);

export const callSchemas = {
  current: { response: currentCallSchema, errors: [] },
  iceServers: { response: iceServersSchema, errors: [] },
  checkCall: { response: limitFlag, errors: [] },
  mediaCall: { body: mediaCallBody, response: mediaCallResult, errors: ['userNotFound', 'callLimitReached'] },
  uploadCall: { body: mediaUploadBody, response: limitFlag, errors: ['callRecordNotFound'] },
  exitCall: { body: mediaUploadBody, response: z.null(), errors: ['callRecordNotFound'] },
  memberInfo: { response: memberInfoSchema, errors: [] },
  groupCallInfo: {
    body: groupCallInfoBody,
    response: groupCallInfoSchema,
    errors: ['groupNotFound', 'groupCallNotMember'],
  },
} as const satisfies SchemasOf<typeof callRoutes>;
