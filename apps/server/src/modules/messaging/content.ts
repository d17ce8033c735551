import {
  friendCustomTypes,
  hasForbiddenChars,
  MessageLimits,
  payloadSchemas,
  utf8Length,
  type SendMessageBody,
} from '@parley/protocol';
import { fail } from '../../lib/errors.js';

/** A payload checked for its type, with the text the search index keeps. */
export interface CheckedContent {
  payload: Record<string, unknown>;
  searchText: string;
}

/**
 * Checks a message's payload: its type's shape (400 naming the field), the size (80002), an empty
 * text (400) and the sensitive-word list (80001: the message is not stored for anyone).
 */
export function checkContent(body: SendMessageBody, sensitiveWords: readonly string[]): CheckedContent {
  const schema = payloadSchemas[body.type];
  const parsed = schema.safeParse(body.payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = ['payload', ...(issue?.path ?? []).map(String)].join('.');
    throw fail('badRequest', `${field}: ${issue?.message ?? '格式不正确'}`, { field });
  }
  const payload = parsed.data as Record<string, unknown>;
  if (utf8Length(JSON.stringify(payload)) > MessageLimits.payloadBytes) throw fail('messageTooLong');

  let searchText = '';
  if (body.type === 'text') {
    const text = payload.text as string;
    if (utf8Length(text) > MessageLimits.textBytes) throw fail('messageTooLong');
    if (text.trim() === '')
      throw fail('badRequest', 'payload.text: 消息内容不能为空', { field: 'payload.text' });
    if (hasForbiddenChars(text, true)) {
      throw fail('badRequest', 'payload.text: 含有不允许的控制字符', { field: 'payload.text' });
    }
    searchText = text;
  } else if (body.type === 'file') {
    searchText = String(payload.fileName ?? '');
  } else if (body.type === 'merger') {
    searchText = String(payload.title ?? '');
  } else if (body.type === 'custom') {
    if (isFriendNotice(payload.data)) {
      throw fail('badRequest', 'payload.data: 不能发送系统通知', { field: 'payload.data' });
    }
    searchText = String(payload.description ?? '');
  }
  const lower = `${searchText} ${JSON.stringify(body.type === 'text' ? '' : payload)}`.toLowerCase();
  if (sensitiveWords.some((w) => lower.includes(w))) throw fail('sensitiveText');
  return { payload, searchText: searchText.toLowerCase() };
}

/** Friend notices are written by the server only: a client cannot forge one as a custom message. */
function isFriendNotice(data: unknown): boolean {
  if (typeof data !== 'string') return false;
  try {
    const parsed = JSON.parse(data) as { businessID?: unknown };
    return (friendCustomTypes as readonly unknown[]).includes(parsed?.businessID);
  } catch {
    return false;
  }
}
