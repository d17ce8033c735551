import { z } from 'zod';
import { intField, required, textField } from '../fields.js';
import { ToolLimits } from '../tools-constants.js';
import { wtIdRef } from './friends.js';

const msgIdField = z
  .string(required('msgId'))
  .max(40, { error: 'msgId格式不正确', abort: true })
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'msgId格式不正确');

/** POST /api/user/c2cTop/list — the pins of my chat with `toUserWtId`. */
export const listPinsBody = z.object({ toUserWtId: wtIdRef('toUserWtId') });
/** POST /api/user/c2cTop/add */
export const addPinBody = z.object({
  toUserWtId: wtIdRef('toUserWtId'),
  senderWtId: wtIdRef('senderWtId'),
  msgId: msgIdField,
  msgContent: textField('msgContent', {
    max: ToolLimits.pinAbstract,
    maxUnits: ToolLimits.pinAbstract * 4,
  }).default(''),
});
/** POST /api/user/c2cTop/del */
export const deletePinBody = z.object({ id: intField('id', { min: 1 }) });
/** POST /api/user/c2cTop/delByMsgId — unpins a message from its chat. */
export const deletePinByMsgBody = z.object({ toUserWtId: wtIdRef('toUserWtId'), msgId: msgIdField });

export type AddPinBody = z.infer<typeof addPinBody>;
