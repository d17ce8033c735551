import { z } from 'zod';
import { complaintBody, complaintSchema, dictBody, dictItemSchema } from '../models/report.js';
import type { SchemasOf } from './define.js';
import type { reportRoutes } from './reports.routes.js';

export const reportSchemas = {
  add: {
    body: complaintBody,
    response: complaintSchema,
    errors: ['userNotFound', 'groupNotFound', 'invalidImage', 'rateLimited'],
    okMsg: '感谢反馈，我们将尽快核实处理',
  },
  dict: { body: dictBody, response: z.array(dictItemSchema), errors: [] },
} as const satisfies SchemasOf<typeof reportRoutes>;
