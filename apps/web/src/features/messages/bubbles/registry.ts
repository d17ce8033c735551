import { noticeKind } from '../abstract';
import type { ChatMessage } from '../types';
import { CallCard } from '../../calls';
import {
  EvaluateContent,
  HelperContent,
  LinkContent,
  NameCardContent,
  NoteContent,
  OrderContent,
  ServiceContent,
} from './CustomCards';
import { FaceContent } from './FaceContent';
import { FileContent } from './FileContent';
import { ImageContent } from './ImageContent';
import { LocationContent } from './LocationContent';
import { setBubbleLookup } from './lookup';
import { MergerContent } from './MergerContent';
import { SoundContent } from './SoundContent';
import { TextContent } from './TextContent';
import type { ContentRenderer } from './types';
import { VideoContent } from './VideoContent';
import { GroupTipLine } from '../group/GroupTipLine';
import './bubbles.css';

/**
 * The bubble registry: one line per message type. A feature that adds a type (call cards, group
 * tips) adds its renderer here; MessageBubble keeps the frame (avatar, status, read marker, menu).
 */
export const bubbleRenderers: Partial<Record<string, ContentRenderer>> = {
  text: TextContent,
  image: ImageContent,
  video: VideoContent,
  file: FileContent,
  sound: SoundContent,
  face: FaceContent,
  location: LocationContent,
  merger: MergerContent,
};

/** `custom` messages by the `businessID` in their `data` JSON (name card, order, call card, …). */
export const customRenderers: Partial<Record<string, ContentRenderer>> = {
  call: CallCard,
  nameCard: NameCardContent,
  link: LinkContent,
  order: OrderContent,
  evaluate: EvaluateContent,
  collect: NoteContent,
  note: NoteContent,
  service: ServiceContent,
  helper: HelperContent,
};

/**
 * Types drawn as a centred system line instead of a bubble (keyed like the two maps above: a
 * message type, or a custom `businessID`). Friend notices are system lines of their own.
 */
export const systemLineRenderers: Partial<Record<string, ContentRenderer>> = {
  groupTip: GroupTipLine,
};

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
setBubbleLookup(bubbleFor);
