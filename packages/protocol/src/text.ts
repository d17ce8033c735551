/**
 * Text measures shared by server validation and web inputs, so both count the same way.
 * A "character" of SPEC §5 limits (remark 16, tag name 15, friend request reason 15) is a
 * user-perceived character (grapheme cluster): '中', 'a' and '👨‍👩‍👧‍👦' each count 1.
 * That is why a remark can be within 16 characters yet over the 96-byte limit.
 */
const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

/** Number of user-perceived characters (grapheme clusters; code points where Intl.Segmenter is missing). */
export function charLength(text: string): number {
  if (!segmenter) return Array.from(text).length;
  let n = 0;
  for (const _ of segmenter.segment(text)) n += 1;
  return n;
}

const encoder = new TextEncoder();

/** Size of `text` in UTF-8 bytes. */
export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}
