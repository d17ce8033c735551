import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Favorite } from '@parley/protocol';
import { useDebounced } from '../../lib/useDebounced';
import { ToolPopover } from '../../ui/ToolPopover';
import { SearchField } from '../../ui/SearchField';
import { FavoriteItem } from './FavoriteItem';
import { useFavoritePages } from './useFavoritePages';
import './favorites.css';

/** SPEC: the favorites search waits 500 ms. */
export const SEARCH_MS = 500;

function PopupBody({ onSend, close }: { onSend(list: Favorite[]): Promise<void>; close(): void }) {
  const { t } = useTranslation('favorites');
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim(), SEARCH_MS);
  const { rows, loading, done, more } = useFavoritePages(search);
  const [picked, setPicked] = useState<number[]>([]);
  const [sending, setSending] = useState(false);
  const toggle = (id: number) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));
  const send = async () => {
    if (sending || !picked.length) return; // a second send waits for the first
    setSending(true);
    try {
      await onSend(rows.filter((r) => picked.includes(r.id)));
      setPicked([]);
      setQuery('');
      close();
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="fav-popup" data-testid="favorites-popup">
      <SearchField
        value={query}
        onChange={setQuery}
        label={t('search')}
        clearLabel={t('clear')}
        testId="favorites-search"
      />
      <ul
        className="fav-popup__list"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.scrollTop + el.clientHeight >= el.scrollHeight - 40) more();
        }}
      >
        {rows.map((f) => (
          <li key={f.id}>
            <button
              type="button"
              className={`fav-popup__row${picked.includes(f.id) ? ' fav-popup__row--on' : ''}`}
              aria-pressed={picked.includes(f.id)}
              data-testid="favorite-row"
              onClick={() => toggle(f.id)}
            >
              <FavoriteItem f={f} />
            </button>
          </li>
        ))}
        <li className="fav-popup__status" data-testid="favorites-status">
          {loading ? t('loading') : done ? t('noMore') : ''}
        </li>
      </ul>
      <div className="fav-popup__foot">
        <button
          type="button"
          className="btn btn--primary"
          data-testid="favorites-send"
          disabled={!picked.length || sending}
          onClick={() => void send()}
        >
          {t('send')}
        </button>
      </div>
    </div>
  );
}

/** The composer's favorites button: search, infinite scroll, pick and send. */
export function FavoritesButton({ onSend }: { onSend(list: Favorite[]): Promise<void> }) {
  const { t } = useTranslation('favorites');
  return (
    <ToolPopover
      label={t('title')}
      testId="tool-favorites"
      icon={<path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" />}
      content={(close) => <PopupBody onSend={onSend} close={close} />}
    />
  );
}
