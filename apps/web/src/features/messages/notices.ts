import { CustomMsgType, customDataOf } from '@parley/protocol';

/** The business ID of a friend notice (`custom` with `data` = {"businessID": …}), else ''. */
export function noticeKind(payload: Record<string, unknown>): string {
  const kind = customDataOf(payload)?.businessID;
  return typeof kind === 'string' ? kind : '';
}

const NOTICE_KINDS: ReadonlySet<string> = new Set(Object.values(CustomMsgType));

/**
 * A friend or group notice (a `custom` message the server writes about a relation change): drawn as
 * a system line, never counted as unread nor alerted. Other custom messages (name cards, notes,
 * call cards, the helper's answers) are messages like any other.
 */
export function isNotice(m: { type: string; payload: Record<string, unknown> }): boolean {
  return m.type === 'custom' && NOTICE_KINDS.has(noticeKind(m.payload));
}

type Translate = (key: string, options?: { defaultValue?: string }) => string;

/**
 * The one-line label of a message that is not revoked and not a group tip: a text as it is, a
 * notice or card by its kind ([名片], [笔记], [通话]…), a free custom message by its description,
 * other types in brackets ([图片]…), in the language of `t`.
 */
export function messageLabel(m: { type: string; payload: Record<string, unknown> }, t: Translate): string {
  if (m.type === 'text') return typeof m.payload.text === 'string' ? m.payload.text : '';
  const fallback = () => t('messages:types.custom');
  if (m.type === 'custom') {
    const kind = noticeKind(m.payload);
    if (kind && kind !== 'helper') return t(`messages:notices.${kind}`, { defaultValue: fallback() });
    if (typeof m.payload.description === 'string' && m.payload.description) return m.payload.description;
  }
  return t(`messages:types.${m.type}`, { defaultValue: fallback() });
}
