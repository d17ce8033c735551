/** Katakana (full or half width) → hiragana, so 'ナカムラ' and 'なかむら' sort and match alike. */
export function toHiragana(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}

const KANA = /^[\u3041-\u3096\u30a1-\u30fa\uff66-\uff9d]/;

export function startsWithKana(text: string): boolean {
  return KANA.test(text);
}

/** Gojūon rows and the first hiragana of each (small kana and voiced marks fall in their row). */
export const GOJUON_ROWS = ['あ', 'か', 'さ', 'た', 'な', 'は', 'ま', 'や', 'ら', 'わ'] as const;
const ROW_STARTS = [0x3041, 0x304b, 0x3055, 0x305f, 0x306a, 0x306f, 0x307e, 0x3083, 0x3089, 0x308e];

/** 'ガッコウ' → 'か'; undefined when the text does not start with kana. */
export function gojuonRowOf(text: string): string | undefined {
  const first = Array.from(toHiragana(text.trim()))[0];
  if (!first) return undefined;
  const base = first.normalize('NFD').charAt(0);
  const code = base.charCodeAt(0);
  if (code === 0x3095 || code === 0x3096) return 'か'; // ゕ ゖ
  if (code < 0x3041 || code > 0x3094) return undefined;
  let row = 0;
  for (let i = 0; i < ROW_STARTS.length; i++) if (code >= ROW_STARTS[i]!) row = i;
  return GOJUON_ROWS[row];
}
