/**
 * Text measures shared by server validation and web inputs, so both count the same way.
 * A "character" of the limits in docs/api.md (nickname 15, remark 16, tag name 15, friend request
 * reason 15, bio 60) is a user-perceived character (grapheme cluster): '中', 'a' and '👨‍👩‍👧‍👦' each
 * count 1. That is why a remark can be within 16 characters yet over the 96-byte limit.
 *
 * Both measures take time proportional to the length of the text. Intl.Segmenter alone does not
 * (in V8 it is quadratic: 80,000 characters take seconds), so it only runs on text that contains a
 * code point able to join its neighbour into one cluster, and then over bounded windows.
 */
const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

/**
 * Code points that can make a cluster longer than one code point: CR (of CRLF), marks (combining,
 * spacing, enclosing, variation selectors), ZWNJ/ZWJ, prepended concatenation marks, Hangul jamo,
 * half-width voicing marks, regional indicators, emoji modifiers and tag characters.
 */
// The class lists joining code points one by one on purpose (they never form a sequence here).
/* eslint-disable no-misleading-character-class */
const JOINING =
  /[\r\p{M}\u200c\u200d\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\u0d4e\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\uff9e\uff9f\u{1f1e6}-\u{1f1ff}\u{1f3fb}-\u{1f3ff}\u{e0000}-\u{e0fff}\u{110bd}\u{110cd}\u{111c2}\u{111c3}\u{1193f}\u{11941}\u{11a3a}\u{11a84}-\u{11a89}\u{11d46}\u{11f02}]/u;
/* eslint-enable no-misleading-character-class */

/** Windows of this many UTF-16 units are segmented one after another. */
const WINDOW = 256;

/** Number of Unicode code points (a surrogate pair counts once). */
export function codePointLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A low surrogate right after a high one is the second half of one code point.
    if (c >= 0xdc00 && c <= 0xdfff && i > 0 && (text.charCodeAt(i - 1) & 0xfc00) === 0xd800) continue;
    n += 1;
  }
  return n;
}

/** Clusters of `text`, segmented window by window from cluster boundaries. */
function segmentedLength(text: string, seg: Intl.Segmenter): number {
  let n = 0;
  let pos = 0;
  while (pos < text.length) {
    let end = pos + WINDOW;
    if (end >= text.length) {
      for (const _ of seg.segment(text.slice(pos))) n += 1;
      break;
    }
    // Never cut a surrogate pair: the boundary before the last cluster needs the whole code point after it.
    if ((text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end -= 1;
    let count = 0;
    let last = 0;
    for (const s of seg.segment(text.slice(pos, end))) {
      count += 1;
      last = s.index;
    }
    if (last === 0) {
      // One cluster longer than a window (hundreds of marks on one letter): counted once per window.
      n += 1;
      pos = end;
    } else {
      // The last cluster may go on past the window: it is counted from its start in the next one.
      n += count - 1;
      pos += last;
    }
  }
  return n;
}

/** Number of user-perceived characters (grapheme clusters), in time linear in the length. */
export function charLength(text: string): number {
  if (!JOINING.test(text)) return codePointLength(text);
  if (segmenter) return segmentedLength(text, segmenter);
  // No Intl.Segmenter: code points that do not join the previous one.
  // eslint-disable-next-line no-misleading-character-class
  const joiner = /[\p{M}\u200c\u200d\u{1f3fb}-\u{1f3ff}\u{e0000}-\u{e0fff}]/u;
  let n = 0;
  let joinNext = false;
  for (const ch of text) {
    const joins = joiner.test(ch);
    if (!joins && !joinNext) n += 1;
    joinNext = ch === '\u200d';
  }
  return n;
}

/** Size of `text` in UTF-8 bytes (a lone surrogate counts as the 3 bytes of U+FFFD). */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (
      c >= 0xd800 &&
      c <= 0xdbff &&
      i + 1 < text.length &&
      (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00
    ) {
      n += 4;
      i += 1;
    } else n += 3;
  }
  return n;
}
