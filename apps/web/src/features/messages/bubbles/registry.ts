import { noticeKind } from '../abstract';
import type { ChatMessage } from '../types';
import { TextContent } from './TextContent';
import type { ContentRenderer } from './types';

/**
 * The bubble registry: one line per message type. A feature that adds a type (call cards, group
 * tips) adds its renderer here; MessageBubble keeps the frame (avatar, status, read marker, menu).
 */
export const bubbleRenderers: Partial<Record<string, ContentRenderer>> = {
  text: TextContent,
};

/** `custom` messages by the `businessID` in their `data` JSON (name card, order, call card, …). */
export const customRenderers: Partial<Record<string, ContentRenderer>> = {};

/**
 * Types drawn as a centred system line instead of a bubble (keyed like the two maps above: a
 * message type, or a custom `businessID`). Friend notices are system lines of their own.
 */
export const systemLineRenderers: Partial<Record<string, ContentRenderer>> = {};

/** The custom business ID of a message ('' when not custom or none). */
export function customKind(m: Pick<ChatMessage, 'type' | 'payload'>): string {
  return m.type === 'custom' ? noticeKind(m.payload) : '';
}

/** The system-line renderer of a message, if it is drawn as one. */
export function systemLineFor(m: ChatMessage): ContentRenderer | undefined {
  const kind = customKind(m);
  return (kind && systemLineRenderers[kind]) || systemLineRenderers[m.type];
}

/** The bubble content renderer of a message (text's abstract when its type has none). */
export function bubbleFor(m: ChatMessage): ContentRenderer {
  const kind = customKind(m);
  return (kind && customRenderers[kind]) || bubbleRenderers[m.type] || TextContent;
}
