import { useVirtualRows } from '../../ui/useVirtualRows';
import { Ui } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar';
import { PHONE_QUERY, useMediaQuery } from '../../ui/useMediaQuery';
import { RemoveIcon } from '../../ui/icons';
import type { Selection } from './selection';
import { displayName, type PickerItem } from './types';

export interface SelectedPanelProps {
  selection: Selection;
  typeLabel: string;
  onRemove(item: PickerItem): void;
}

const ROW = 52;
/** The phone strip shows the newest picks; older ones are counted as '+N'. */
const STRIP_MAX = 30;

/**
 * What is selected, in pick order, under a count: the right pane on desktop; on phones a strip of
 * avatars (tap to remove) so the list and 完成/取消 keep the screen.
 */
export function SelectedPanel(props: SelectedPanelProps) {
  return useMediaQuery(PHONE_QUERY) ? <SelectedStrip {...props} /> : <SelectedPane {...props} />;
}

function SelectedStrip({ selection, typeLabel, onRemove }: SelectedPanelProps) {
  const { t } = useTranslation('picker');
  const items = [...selection.values()];
  const shown = items.slice(-STRIP_MAX).reverse();
  const hidden = items.length - shown.length;
  return (
    <section className="pp-strip" aria-label={t('selectedLabel')} data-testid="picker-strip">
      <span className="pp-strip__count" data-testid="picker-count">
        {selection.size > 0
          ? t('selectedCount', { count: selection.size, type: typeLabel })
          : t('pickHint', { type: typeLabel })}
      </span>
      {shown.length > 0 && (
        <ul className="pp-strip__list">
          {shown.map((item) => {
            const name = displayName(item);
            return (
              <li key={item.id}>
                <button
                  type="button"
                  className="pp-strip__item"
                  aria-label={t('remove', { name })}
                  title={name}
                  onClick={() => onRemove(item)}
                  data-testid="picker-selected-item"
                  data-id={item.id}
                >
                  <Avatar
                    src={item.avatar}
                    name={name}
                    size={32}
                    shape={item.isGroup ? 'rounded' : 'circle'}
                    decorative
                  />
                </button>
              </li>
            );
          })}
          {hidden > 0 && <li className="pp-strip__more">+{hidden}</li>}
        </ul>
      )}
    </section>
  );
}

function SelectedPane({ selection, typeLabel, onRemove }: SelectedPanelProps) {
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
        <div role="list" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => {
            const item = items[v.index];
            if (!item) return null;
            const name = displayName(item);
            return (
              <div
                key={v.key}
                className="pp-list__cell"
                role="listitem"
                style={{ height: v.size, transform: `translateY(${v.start}px)` }}
              >
                <div className="pp-chip" data-testid="picker-selected-item" data-id={item.id}>
                  <Avatar
                    src={item.avatar}
                    name={name}
                    size={32}
                    shape={item.isGroup ? 'rounded' : 'circle'}
                    decorative
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
