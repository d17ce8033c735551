import { useVirtualRows } from '../../ui/useVirtualRows';
import { Ui } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar';
import { RemoveIcon } from '../../ui/icons';
import type { Selection } from './selection';
import { displayName, type PickerItem } from './types';

export interface SelectedPanelProps {
  selection: Selection;
  typeLabel: string;
  onRemove(item: PickerItem): void;
}

const ROW = 52;

/** The right pane: what is selected, in pick order, each with a remove icon, under a count. */
export function SelectedPanel({ selection, typeLabel, onRemove }: SelectedPanelProps) {
  const { t } = useTranslation('picker');
  const items = [...selection.values()];
  const { scrollRef, virtualizer } = useVirtualRows({
    rows: items,
    size: () => ROW,
    key: (item, i) => item?.id ?? i,
    overscan: 6,
  });
  return (
    <section className="pp-selected" aria-label={t('selectedLabel')}>
      <header className="pp-selected__head" data-testid="picker-count">
        {selection.size > 0
          ? t('selectedCount', { count: selection.size, type: typeLabel })
          : t('pickHint', { type: typeLabel })}
      </header>
      <div
        ref={scrollRef}
        className="pp-list"
        style={{ height: Ui.transferListMaxHeight }}
        data-testid="picker-selected"
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => {
            const item = items[v.index];
            if (!item) return null;
            const name = displayName(item);
            return (
              <div
                key={v.key}
                className="pp-list__cell"
                style={{ height: v.size, transform: `translateY(${v.start}px)` }}
              >
                <div className="pp-chip" data-testid="picker-selected-item" data-id={item.id}>
                  <Avatar
                    src={item.avatar}
                    name={name}
                    size={32}
                    shape={item.isGroup ? 'rounded' : 'circle'}
                  />
                  <span className="pp-chip__name">
                    {item.isGroup && <span className="pp-row__group">{t('groupMarker')}</span>}
                    {name}
                  </span>
                  <button
                    type="button"
                    className="pp-chip__remove"
                    aria-label={t('remove', { name })}
                    onClick={() => onRemove(item)}
                    data-testid="picker-remove"
                  >
                    <RemoveIcon />
                  </button>
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
