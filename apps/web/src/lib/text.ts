import { charLength } from '@parley/protocol';

/** Cuts typed text to `max` user-perceived characters (inputs count like the server does). */
export function clampChars(text: string, max: number): string {
  if (charLength(text) <= max) return text;
  const seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let out = '';
  let n = 0;
  for (const { segment } of seg.segment(text)) {
    if (n === max) break;
    out += segment;
    n += 1;
  }
  return out;
}
