import { z } from 'zod';
import { listField, required, textField } from '../fields.js';
import { ToolLimits } from '../tools-constants.js';
import { conversationIdField } from './messages.js';

const messageID = z
  .string(required('messageID'))
  .max(40, { error: 'messageID格式不正确', abort: true })
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'messageID格式不正确');

/** An emoji: 1–8 characters (a flag or a family is one character of several code points). */
export const emojiField = textField('emoji', { max: 8, min: 1, maxUnits: 64 });

/** POST /api/message/reaction/add and /message/reaction/remove */
export const reactionBody = z.object({ messageID, emoji: emojiField });
/** POST /api/message/reaction/list — the reactions of loaded messages of one conversation. */
export const reactionListBody = z.object({
  conversationID: conversationIdField(),
  messageIDs: listField(
    'messageIDs',
    messageID,
    ToolLimits.reactionListMax,
    `messageIDs最多${ToolLimits.reactionListMax}条`,
  ),
});
