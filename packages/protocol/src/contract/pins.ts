import { z } from 'zod';
import { pinnedMessageSchema } from '../models/pins.js';
import { addPinBody, deletePinBody, deletePinByMsgBody, listPinsBody } from '../rest/pins.js';
import type { SchemasOf } from './define.js';
import type { pinRoutes } from './pins.routes.js';

const list = z.array(pinnedMessageSchema);

/** Every answer is the chat's pins as the caller sees them, newest first. */
export const pinSchemas = {
  list: { body: listPinsBody, response: list, errors: ['userNotFound'] },
  add: {
    body: addPinBody,
    response: list,
    errors: [
      'userNotFound',
      'pinMessageNotFound',
      'pinLimit',
      'forbidden',
      'blacklisted',
      'targetInMyBlacklist',
      'rateLimited',
    ],
    okMsg: '置顶成功',
  },
  remove: {
    body: deletePinBody,
    response: list,
    errors: ['pinNotFound', 'forbidden', 'blacklisted', 'targetInMyBlacklist', 'rateLimited'],
    okMsg: '取消置顶成功',
  },
  removeByMsg: {
    body: deletePinByMsgBody,
    response: list,
    errors: ['userNotFound', 'pinNotFound', 'forbidden', 'blacklisted', 'targetInMyBlacklist', 'rateLimited'],
    okMsg: '取消置顶成功',
  },
} as const satisfies SchemasOf<typeof pinRoutes>;
