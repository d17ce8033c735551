/** People search and index letters: one matcher and one pinyin source for every list. */
export {
  createSearch,
  matchesKey,
  parseQuery,
  searchKey,
  searchOf,
  spells,
  type Query,
  type SearchKey,
} from './match';
export {
  compareSortKeys,
  HASH,
  indexLetterOf,
  indexStyleOf,
  letterRank,
  sortKeyOf,
  type IndexStyle,
} from './group';
export { GOJUON_ROWS, gojuonRowOf, toHiragana } from './kana';
export { loadPinyin, pinyinVersion } from './pinyin';
export { usePinyin } from './usePinyin';
