import { memberStatusSchema, redeemBody } from '../models/membership.js';
import type { SchemasOf } from './define.js';
import type { membershipRoutes } from './membership.routes.js';

export const membershipSchemas = {
  redeem: {
    body: redeemBody,
    response: memberStatusSchema,
    errors: ['memberCodeInvalid', 'memberCodeUsed', 'memberRedeemLocked'],
    okMsg: '兑换成功',
  },
} as const satisfies SchemasOf<typeof membershipRoutes>;
