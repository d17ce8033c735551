/** Whether `query` spells the pinyin of `name` (as contact search matches: 'ly', 'liuy' → 刘洋). */
export type PinyinMatch = (name: string | undefined, query: string) => boolean;

let loaded: PinyinMatch | null = null;

/** The matcher once loaded (null before): the pinyin dictionary is a lazy chunk. */
export const pinyinMatcher = (): PinyinMatch | null => loaded;

/** Loads the matcher (lib/search with its dictionary) on the first @ typed. */
export async function loadPinyinMatcher(): Promise<PinyinMatch> {
  if (loaded) return loaded;
  const search = await import('../../../lib/search');
  await search.loadPinyin();
  const keys = new Map<string, ReturnType<typeof search.searchKey>>();
  loaded = (name, query) => {
    const q = search.parseQuery(query);
    if (!name || !q) return false;
    let key = keys.get(name);
    if (!key) keys.set(name, (key = search.searchKey([name])));
    return key.spellings.some((s) => search.spells(s, q.letters));
  };
  return loaded;
}
