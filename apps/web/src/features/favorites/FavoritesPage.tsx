import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FavoriteType, type Favorite } from '@parley/protocol';
import { useDebounced } from '../../lib/useDebounced';
import { confirm } from '../../ui/confirm';
import { SearchField } from '../../ui/SearchField';
import { toast } from '../../ui/toast-store';
import { ImagePreview } from '../image-preview';
import { favoritesApi } from './api';
import { FavoriteItem } from './FavoriteItem';
import { NoteEditor } from './NoteEditor';
import { SEARCH_MS } from './FavoritesPopup';
import { SendToChat } from './SendToChat';
import { useFavoritePages } from './useFavoritePages';
import './favorites.css';

const TABS = [undefined, 1, 2, 3, 4, 5, 99] as const;

/** /favorites: the list by type, search, pin to top, delete several, open, send to a chat. */
export default function FavoritesPage() {
  const { t } = useTranslation('favorites');
  const [tab, setTab] = useState<(typeof TABS)[number]>(undefined);
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim(), SEARCH_MS);
  const { rows, loading, done, more, reload } = useFavoritePages(search, tab);
  const [picked, setPicked] = useState<number[]>([]);
  const [sending, setSending] = useState<Favorite[] | null>(null);
  const [preview, setPreview] = useState<Favorite | null>(null);
  const [noting, setNoting] = useState(false);
  const toggle = (id: number) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));

  const remove = async () => {
    if (
      !picked.length ||
      !(await confirm({ title: t('deleteConfirm', { count: picked.length }), danger: true }))
    )
      return;
    await favoritesApi.remove(picked);
    toast.success(t('deleted'));
    setPicked([]);
    reload();
  };
  const pin = async (f: Favorite) => {
    await favoritesApi.pin(f.id, f.topStatus !== 1);
    reload();
  };
  const open = (f: Favorite) => {
    if (f.contentType === FavoriteType.image && f.videoImage) setPreview(f);
    else if (
      (f.contentType === FavoriteType.file || f.contentType === FavoriteType.video) &&
      f.videoImageAddress
    )
      window.open(f.videoImageAddress, '_blank', 'noopener');
  };

  return (
    <section className="fav-page" data-testid="screen-favorites">
      <h1 className="sr-only">{t('title')}</h1>
      <div className="fav-page__bar">
        <div className="fav-page__tabs" role="tablist" aria-label={t('title')}>
          {TABS.map((k) => (
            <button
              key={k ?? 'all'}
              type="button"
              role="tab"
              aria-selected={tab === k}
              className="fav-page__tab"
              data-testid={`favorites-tab-${k ?? 'all'}`}
              onClick={() => setTab(k)}
            >
              {k === undefined ? t('all') : t(`types.${k}`)}
            </button>
          ))}
        </div>
        <SearchField
          value={query}
          onChange={setQuery}
          label={t('search')}
          clearLabel={t('clear')}
          testId="favorites-page-search"
        />
        <div className="fav-page__actions">
          <button
            type="button"
            className="btn"
            data-testid="favorites-new-note"
            onClick={() => setNoting(true)}
          >
            {t('note.new')}
          </button>
          <button
            type="button"
            className="btn"
            disabled={!picked.length}
            data-testid="favorites-send-chat"
            onClick={() => setSending(rows.filter((r) => picked.includes(r.id)))}
          >
            {t('sendTo')}
          </button>
          <button
            type="button"
            className="btn ct-danger"
            disabled={!picked.length}
            data-testid="favorites-delete"
            onClick={() => void remove()}
          >
            {t('delete', { count: picked.length })}
          </button>
        </div>
      </div>
      <ul
        className="fav-page__list"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.scrollTop + el.clientHeight >= el.scrollHeight - 60) more();
        }}
      >
        {rows.map((f) => (
          <li key={f.id} className="fav-page__row" data-testid="favorite-page-row">
            <input
              type="checkbox"
              aria-label={t('pick')}
              checked={picked.includes(f.id)}
              onChange={() => toggle(f.id)}
            />
            <button type="button" className="fav-popup__row" onClick={() => open(f)}>
              <FavoriteItem f={f} />
            </button>
            {f.topStatus === 1 && <span className="fav-page__pin">{t('pinned')}</span>}
            <button type="button" className="cv-link" data-testid="favorite-pin" onClick={() => void pin(f)}>
              {f.topStatus === 1 ? t('unpin') : t('pin')}
            </button>
          </li>
        ))}
        <li className="fav-popup__status">
          {loading ? t('loading') : done ? (rows.length ? t('noMore') : t('empty')) : ''}
        </li>
      </ul>
      {noting && <NoteEditor onClose={() => setNoting(false)} onSaved={reload} />}
      {sending && <SendToChat favorites={sending} onClose={() => setSending(null)} />}
      {preview && (
        <ImagePreview
          images={[
            {
              id: String(preview.id),
              url: preview.videoImage,
              large: preview.videoImage,
              imageFormat: /\.(jpe?g)$/.test(preview.videoImage)
                ? 1
                : /\.gif$/.test(preview.videoImage)
                  ? 2
                  : /\.png$/.test(preview.videoImage)
                    ? 3
                    : /\.bmp$/.test(preview.videoImage)
                      ? 4
                      : 0,
            },
          ]}
          index={0}
          onClose={() => setPreview(null)}
        />
      )}
    </section>
  );
}
