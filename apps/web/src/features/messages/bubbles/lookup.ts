import type { ChatMessage } from '../types';
import type { ContentRenderer } from './types';

let lookup: ((m: ChatMessage) => ContentRenderer) | null = null;

/**
 * The registry's lookup (registry.ts `bubbleFor`) for a renderer that draws other messages inside
 * its own (a merged record). The registry hands it over as it loads: a renderer importing the
 * registry, which imports every renderer, would make an import cycle.
 */
export function setBubbleLookup(fn: (m: ChatMessage) => ContentRenderer): void {
  lookup = fn;
}

/** The renderer of a message drawn inside another one's bubble. */
export function nestedBubbleFor(m: ChatMessage): ContentRenderer {
  if (!lookup) throw new Error('bubble registry not loaded');
  return lookup(m);
}
