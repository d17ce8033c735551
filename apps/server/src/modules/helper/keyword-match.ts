/** What the matcher needs of an FAQ item. */
export interface Matchable {
  id: number;
  question: string;
  /** Lowercase keywords. */
  keywords: string[];
}

const norm = (s: string) => s.toLowerCase().replace(/[\s?？!！。.,，、]+/g, '');

/**
 * The FAQ item a typed question asks about, or null. Scores: the question itself (3), a keyword
 * found in the text (2 per keyword, the longest keyword breaking ties), the text found in a question
 * (1). Linear in the FAQ's size times the text's.
 */
export function bestMatch<T extends Matchable>(items: readonly T[], typed: string): T | null {
  const text = norm(typed);
  if (!text) return null;
  let best: { item: T; score: number; longest: number } | null = null;
  for (const item of items) {
    const q = norm(item.question);
    let score = 0;
    let longest = 0;
    if (q === text) score += 3;
    for (const k of item.keywords) {
      const key = norm(k);
      if (key && text.includes(key)) {
        score += 2;
        longest = Math.max(longest, key.length);
      }
    }
    if (score === 0 && q.includes(text)) score = 1;
    if (score > 0 && (!best || score > best.score || (score === best.score && longest > best.longest)))
      best = { item, score, longest };
  }
  return best?.item ?? null;
}
