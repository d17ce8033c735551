import { useVirtualRows } from '../../ui/useVirtualRows';
import { Ui } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/Spinner';
import { useRovingFocus } from '../../ui/useRovingFocus';
import { PickerRowView } from './PickerRowView';
import type { Selection } from './selection';
import type { PickerItem, PickerMode, PickerRow } from './types';

const HEIGHT = { header: 28, item: 56, more: 44 } as const;

export interface PickerListProps {
  rows: readonly PickerRow[];
  selection: Selection;
  mode: PickerMode;
  onToggle(item: PickerItem): void;
  onMore?(): void;
  loadingMore?: boolean;
  /** A new search starts at the top of the list. */
  resetKey?: string;
  /** The accessible name of the candidate list. */
  label: string;
}

/** The candidate list, virtualized: only the rows in view (plus a few) are in the DOM. */
export function PickerList({
  rows,
  selection,
  mode,
  onToggle,
  onMore,
  loadingMore,
  resetKey,
  label,
}: PickerListProps) {
  const { t } = useTranslation('picker');
  const { scrollRef, virtualizer } = useVirtualRows({
    rows,
    size: (row) => HEIGHT[row?.kind ?? 'item'],
    key: (row, i) => row?.key ?? i,
    resetKey,
  });
  // A group of checkboxes (or radios), one Tab stop, arrow keys between the rows.
  const roving = useRovingFocus<HTMLDivElement>('.pp-row, .pp-more', rowKey);
  return (
    <div
      ref={scrollRef}
      className="pp-list pp-list--candidates"
      style={{ ['--pp-list-h' as string]: `${Ui.transferListMaxHeight}px` }}
      data-testid="picker-list"
    >
      <div
        ref={roving.ref}
        {...roving.containerProps}
        role={mode === 'radio' ? 'radiogroup' : 'group'}
        aria-label={label}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualizer.getVirtualItems().map((v) => {
          const row = rows[v.index];
          if (!row) return null;
          return (
            <div
              key={v.key}
              className="pp-list__cell"
              style={{ height: v.size, transform: `translateY(${v.start}px)` }}
            >
              {row.kind === 'header' && (
                <div className="list-letter" data-testid="picker-header">
                  {row.label}
                </div>
              )}
              {row.kind === 'item' && (
                <PickerRowView
                  item={row.item}
                  checked={selection.has(row.item.id)}
                  mode={mode}
                  onToggle={onToggle}
                />
              )}
              {row.kind === 'more' && (
                <button
                  type="button"
                  className="pp-more"
                  onClick={onMore}
                  disabled={loadingMore}
                  data-testid="picker-more"
                >
                  {loadingMore ? <Spinner size={14} /> : t('common:more')}
                </button>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

const rowKey = (el: HTMLElement) => el.dataset.id ?? 'more';
