import type { Message } from '@parley/protocol';

/** Bracketed labels of messages other than text (the stored text, as in zh-CN). */
const TYPE_LABELS: Record<string, string> = {
  image: '[图片]',
  video: '[视频]',
  sound: '[语音]',
  file: '[文件]',
  face: '[表情]',
  location: '[位置]',
  merger: '[聊天记录]',
  custom: '[消息]',
};

/**
 * A one-line text of a message, derived from what is stored (never from what a client says it is):
 * a text's own characters, `[文件]` and the file's name, a bracketed label for other types; at most
 * `max` characters.
 */
export function abstractOf(m: Pick<Message, 'type' | 'payload'>, max = 100): string {
  const cut = (s: string) => [...s].slice(0, max).join('');
  if (m.type === 'text') return cut(String(m.payload.text ?? ''));
  if (m.type === 'file') return cut(`[文件]${String(m.payload.fileName ?? '')}`);
  return TYPE_LABELS[m.type] ?? '[消息]';
}
