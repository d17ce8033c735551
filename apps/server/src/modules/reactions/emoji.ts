/**
 * Whether `text` is exactly one emoji: one grapheme that is a recommended (RGI) emoji — with its
 * ZWJ sequences, skin tones, flags, keycaps and tag sequences — or pictographs joined by ZWJ, each
 * with an optional presentation selector or skin tone (a sequence a newer Unicode may name). A
 * lone text-style pictograph such as ❤ counts; letters, digits, punctuation and two emoji do not.
 */
const RGI = new RegExp('^\\p{RGI_Emoji}$', 'v');
const PICTOGRAPHS =
  /^\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]?(?:\u200D\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]?)*$/u;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function isSingleEmoji(text: string): boolean {
  // The body field already bounds the text (64 UTF-16 units), so splitting it is cheap.
  if ([...graphemes.segment(text)].length !== 1) return false;
  return RGI.test(text) || PICTOGRAPHS.test(text);
}
