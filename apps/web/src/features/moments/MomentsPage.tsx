import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useCounters } from '../../lib/useCounters';
import { useSession } from '../../lib/session';
import { paths } from '../../lib/paths';
import { Avatar } from '../../ui/Avatar';
import { badgeText } from '../../ui/Badge';
import { albumPath } from './AlbumButton';
import { Composer } from './Composer';
import { MomentCard } from './MomentCard';
import { NewMomentsPill } from './NewMomentsPill';
import { NoticesPanel } from './NoticesPanel';
import { useMomentPages } from './useMomentPages';
import './moments.css';

/** /moments: the feed (or `?user=wtId`: that user's album), the composer and the notices. */
export default function MomentsPage() {
  const { t } = useTranslation('moments');
  const [params] = useSearchParams();
  const me = useSession((s) => s.user);
  const album = params.get('user') ?? undefined;
  const ownFeed = !album;
  const { rows, hasMore, loading, more, update, prepend, reload } = useMomentPages(album);
  const [composing, setComposing] = useState(false);
  const [notices, setNotices] = useState(false);
  const unread = useCounters().moments;
  const owner = album ? rows[0] : undefined;
  const title = album
    ? album === me?.wtId
      ? t('albumTitle', { name: me.nickName })
      : t('albumTitle', { name: owner?.nickName || album })
    : t('title');

  return (
    <section className="mo-page" data-testid="screen-moments">
      <div className="mo-column">
        <header className="mo-cover">
          <div className="mo-cover__bar">
            {album && (
              <Link to={paths.moments} className="mo-cover__back" data-testid="moments-back">
                ‹ {t('back')}
              </Link>
            )}
            <h1 className="mo-cover__title">{title}</h1>
            {ownFeed && (
              <span className="mo-cover__tools">
                <button
                  type="button"
                  className="mo-cover__btn"
                  onClick={reload}
                  data-testid="moments-refresh"
                >
                  {t('refresh')}
                </button>
                <button
                  type="button"
                  className="mo-cover__btn mo-cover__btn--primary"
                  data-testid="moments-compose"
                  onClick={() => setComposing(true)}
                >
                  {t('post')}
                </button>
              </span>
            )}
          </div>
          {ownFeed && me && (
            <Link to={albumPath(me.wtId)} className="mo-cover__me">
              <span className="mo-cover__nick">{me.nickName}</span>
              <Avatar src={me.avatar} name={me.nickName} size={64} decorative />
            </Link>
          )}
        </header>
        {ownFeed && <NewMomentsPill shown={rows.map((m) => m.id)} onOpen={reload} />}
        {ownFeed && unread > 0 && (
          <button
            type="button"
            className="mo-unread"
            data-testid="moments-notices"
            onClick={() => setNotices(true)}
          >
            {t('newNotices', { count: unread, formatted: badgeText(unread) })}
          </button>
        )}
        {ownFeed && unread === 0 && (
          <button
            type="button"
            className="mo-link mo-notices-link"
            data-testid="moments-notices-all"
            onClick={() => setNotices(true)}
          >
            {t('notices')}
          </button>
        )}
        <div className="mo-feed" data-testid="moments-feed">
          {rows.map((m) => (
            <MomentCard key={m.id} moment={m} me={me?.wtId ?? ''} onChange={(patch) => update(m.id, patch)} />
          ))}
          <div className="mo-status" aria-live="polite">
            {loading ? (
              t('loading')
            ) : hasMore ? (
              <button type="button" className="btn" onClick={more} data-testid="moments-more">
                {t('loadMore')}
              </button>
            ) : rows.length ? (
              t('noMore')
            ) : album ? (
              t('albumEmpty')
            ) : (
              t('empty')
            )}
          </div>
        </div>
      </div>
      {composing && (
        <Composer
          onClose={() => setComposing(false)}
          onPosted={(m) => {
            setComposing(false);
            prepend(m);
          }}
        />
      )}
      {notices && <NoticesPanel onClose={() => setNotices(false)} />}
    </section>
  );
}
