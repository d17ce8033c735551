import type { ComponentType } from 'react';
import type { ChatMessage } from '../types';

/** What a message's content renderer gets: the message and whether the reader sent it. */
export interface ContentProps {
  m: ChatMessage;
  mine: boolean;
}

/** Draws the inside of a bubble (or a centred system line) for one message type. */
export type ContentRenderer = ComponentType<ContentProps>;
