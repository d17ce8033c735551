import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Ui } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { Empty } from '../../ui/Empty';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast-store';
import { usePinyin } from '../../lib/search';
import { groupAlphabetically, matches } from './alphabet';
import { CheckIcon } from '../../ui/icons';
import { SearchField } from '../../ui/SearchField';
import { PickerList } from './PickerList';
import { SelectedPanel } from './SelectedPanel';
import { allSelected, canSelectAll, toggle, toggleAll, type Selection } from './selection';
import type { PickerItem, PickerMode, PickerRow, PickerType } from './types';
import { useDebounced } from '../../lib/useDebounced';
import './picker.css';

export interface PeoplePickerProps {
  items: readonly PickerItem[];
  /** Names the empty states: '{type}不存在' / '暂无{type}'. */
  type?: PickerType;
  mode?: PickerMode;
  /** Most items that may be picked; beyond it `maxMessage` (or a default text) is shown. */
  max?: number;
  maxMessage?: string;
  initialSelected?: readonly PickerItem[];
  /** '搜索' by default; the call invite picker asks for a userID. */
  searchPlaceholder?: string;
  /** Match the id as well as remark and nickname. */
  searchById?: boolean;
  /** Alphabetical sections with a '#' bucket (default); off keeps the given order. */
  grouped?: boolean;
  /** More candidates on the server: a '查看更多' row calls onLoadMore. */
  hasMore?: boolean;
  onLoadMore?(): void;
  loadingMore?: boolean;
  /** The debounced keyword, for pickers that search on the server. */
  onKeywordChange?(keyword: string): void;
  /** What the server found for the keyword (a user by wtId or phone): listed after the matches. */
  found?: readonly PickerItem[];
  loading?: boolean;
  busy?: boolean;
  confirmText?: string;
  onConfirm(selected: PickerItem[]): void;
  onCancel(): void;
}

/** The friend/member/transfer picker: search, A–Z list, selected pane, 完成/取消. */
export function PeoplePicker({
  items,
  type = 'friend',
  mode = 'multi',
  max,
  maxMessage,
  initialSelected,
  searchPlaceholder,
  searchById = false,
  grouped = true,
  hasMore = false,
  onLoadMore,
  loadingMore,
  onKeywordChange,
  found,
  loading = false,
  busy = false,
  confirmText,
  onConfirm,
  onCancel,
}: PeoplePickerProps) {
  const { t } = useTranslation('picker');
  const [input, setInput] = useState('');
  const keyword = useDebounced(input.trim(), Ui.searchDebounce);
  const [selection, setSelection] = useState<Selection>(
    () => new Map((initialSelected ?? []).map((i) => [i.id, i])),
  );
  const typeLabel = t(`type.${type}`);

  const keywordRef = useRef(onKeywordChange);
  useEffect(() => {
    keywordRef.current = onKeywordChange;
  });
  const firstKeyword = useRef(true);
  useEffect(() => {
    if (firstKeyword.current) {
      firstKeyword.current = false;
      return;
    }
    keywordRef.current?.(keyword);
  }, [keyword]);

  const pinyin = usePinyin();
  const candidates = useMemo(() => {
    if (!keyword) return items;
    const hits = items.filter((i) => matches(i, keyword, searchById));
    const more = (found ?? []).filter((f) => !hits.some((h) => h.id === f.id));
    return more.length ? [...hits, ...more] : hits;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the dictionary's arrival remakes the keys
  }, [items, keyword, searchById, pinyin, found]);
  const rows = useMemo<PickerRow[]>(() => {
    const list: PickerRow[] = keyword
      ? [
          { kind: 'header', key: 'h:search', label: t('searchResult') },
          ...candidates.map((item) => ({ kind: 'item' as const, key: `i:${item.id}`, item })),
        ]
      : grouped
        ? // A–Z once the pinyin dictionary is here (no regrouping under the reader's eyes).
          pinyin
          ? groupAlphabetically(candidates)
          : []
        : candidates.map((item) => ({ kind: 'item' as const, key: `i:${item.id}`, item }));
    if (hasMore) list.push({ kind: 'more', key: 'more' });
    return list;
  }, [candidates, keyword, grouped, hasMore, t, pinyin]);

  const rules = useMemo(() => ({ mode, max }), [mode, max]);
  const refuse = useCallback(
    (reason: 'disabled' | 'max' | undefined) => {
      if (reason === 'max') toast.warning(maxMessage ?? t('max', { count: max ?? 0 }));
    },
    [max, maxMessage, t],
  );
  // The latest selection, read by the stable row handler (rows are memoized and must not re-render on every pick).
  const selectionRef = useRef(selection);
  const commit = useCallback((next: Selection) => {
    selectionRef.current = next;
    setSelection(next);
  }, []);
  const handleToggle = useCallback(
    (item: PickerItem) => {
      const res = toggle(selectionRef.current, item, rules);
      commit(res.selection);
      refuse(res.refused);
    },
    [rules, refuse, commit],
  );
  const handleToggleAll = () => {
    // In the order shown (A–Z), so the selected pane reads like the list.
    const shown = rows.flatMap((r) => (r.kind === 'item' ? [r.item] : []));
    const res = toggleAll(selectionRef.current, shown, rules);
    commit(res.selection);
    refuse(res.refused);
  };
  const handleRemove = useCallback(
    (item: PickerItem) => {
      const next = new Map(selectionRef.current);
      next.delete(item.id);
      commit(next);
    },
    [commit],
  );

  const showSelectAll = canSelectAll(candidates, mode);
  const everything = allSelected(selection, candidates);
  const empty = candidates.length === 0 && !hasMore;

  return (
    <div className="pp" data-testid="people-picker">
      <div className="pp__panes">
        <section className="pp-left">
          <SearchField
            value={input}
            onChange={setInput}
            label={searchPlaceholder ?? t('search')}
            clearLabel={t('clear')}
            testId="picker-search"
            className="search-field--large"
          />
          {showSelectAll && (
            <button
              type="button"
              role="checkbox"
              aria-checked={everything}
              className="pp-row pp-row--all"
              onClick={handleToggleAll}
              data-testid="picker-select-all"
            >
              <span className={`pp-check${everything ? ' pp-check--on' : ''}`}>
                {everything && <CheckIcon />}
              </span>
              <span className="pp-row__main">{t('selectAll')}</span>
            </button>
          )}
          {loading ? (
            <div className="pp-state" style={{ height: Ui.transferListMaxHeight }}>
              <Spinner size={20} label={t('loading')} />
            </div>
          ) : empty ? (
            <div className="pp-state" style={{ height: Ui.transferListMaxHeight }}>
              <Empty text={keyword ? t('notFound', { type: typeLabel }) : t('none', { type: typeLabel })} />
            </div>
          ) : (
            <PickerList
              rows={rows}
              selection={selection}
              mode={mode}
              onToggle={handleToggle}
              onMore={onLoadMore}
              loadingMore={loadingMore}
              resetKey={keyword}
              label={t('listLabel', { type: typeLabel })}
            />
          )}
        </section>
        <SelectedPanel selection={selection} typeLabel={typeLabel} onRemove={handleRemove} />
      </div>
      <footer className="pp__footer">
        <button type="button" className="btn" onClick={onCancel} data-testid="picker-cancel">
          {t('cancel')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={selection.size === 0 || busy}
          onClick={() => onConfirm([...selection.values()])}
          data-testid="picker-done"
        >
          {busy ? <Spinner size={14} /> : null}
          {confirmText ?? t('done')}
        </button>
      </footer>
    </div>
  );
}
