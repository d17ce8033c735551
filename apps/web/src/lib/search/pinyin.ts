type Pinyin = (typeof import('pinyin-pro'))['pinyin'];

/**
 * The one pinyin source of the web client (pinyin-pro, offline). Its dictionary is a chunk of its
 * own, loaded on first need (`loadPinyin`: a list of people or a search on screen, the @ picker),
 * so no page downloads it with its entry. Until it is here Chinese names have no spelling, sort
 * as written and fall under '#'; `pinyinVersion` moves when it arrives so keys are made again.
 */
let engine: Pinyin | null = null;
let loading: Promise<void> | null = null;
let version = 0;
const listeners = new Set<() => void>();

export function loadPinyin(): Promise<void> {
  loading ??= import('pinyin-pro').then((m) => {
    engine = m.pinyin;
    version += 1;
    for (const l of listeners) l();
  });
  return loading;
}

/** 0 until the dictionary is loaded, then 1: part of every cached key made from pinyin. */
export const pinyinVersion = (): number => version;

export function onPinyin(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const HAN = /\p{Script=Han}/u;

export function hasHan(text: string): boolean {
  return HAN.test(text);
}

export function isHanChar(ch: string): boolean {
  return HAN.test(ch) && Array.from(ch).length === 1;
}

/** '刘洋' → ['liu', 'yang']; Latin runs stay words ('Tom刘' → ['tom', 'liu']); 'ü' is typed 'v'. */
export function syllablesOf(text: string): string[] {
  if (!engine) return [];
  return engine(text, { toneType: 'none', type: 'array', nonZh: 'consecutive', surname: 'head' })
    .flatMap((s) => s.toLowerCase().replace(/ü/g, 'v').split(/\s+/))
    .filter(Boolean);
}

/** '刘' → 'L' ('' when the character has no reading). */
export function pinyinInitial(ch: string): string {
  if (!engine) return '';
  return engine(ch, { pattern: 'first', toneType: 'none', surname: 'head' }).charAt(0).toUpperCase();
}

/** The name spelled in pinyin, for sorting: '刘洋' → 'liuyang'. */
export function pinyinSortKey(text: string): string {
  if (!engine) return text.toLowerCase();
  return engine(text, {
    toneType: 'none',
    separator: '',
    nonZh: 'consecutive',
    surname: 'head',
  }).toLowerCase();
}
