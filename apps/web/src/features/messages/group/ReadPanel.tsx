import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api';
import { Avatar } from '../../../ui/Avatar';
import { Modal } from '../../../ui/Modal';
import { Spinner } from '../../../ui/Spinner';
import type { ChatMessage } from '../types';

/** The read-receipt list page (SPEC: 100 a page). */
export const READ_PAGE = 100;

type Member = { userID: string; nick: string; avatar: string; nameCard: string };
type Page = { members: Member[]; cursor: string | null; done: boolean; loading: boolean; failed: boolean };
const fresh = (): Page => ({ members: [], cursor: null, done: false, loading: false, failed: false });

/**
 * The Read/Unread panel of an own group message: two tabs with their counts and the members of each,
 * 100 a page from /message/readMembers with 'load more' while the server has more.
 */
export function ReadPanel({ m, onClose }: { m: ChatMessage; onClose(): void }) {
  const { t } = useTranslation('groupChat');
  const [tab, setTab] = useState<0 | 1>(0);
  const [pages, setPages] = useState<[Page, Page]>(() => [fresh(), fresh()]);
  const page = pages[tab];

  const load = async (filter: 0 | 1, cursor: string | null) => {
    setPages((p) => patch(p, filter, { loading: true, failed: false }));
    try {
      const r = await call(
        'groupMessages',
        'readMembers',
        {
          conversationID: m.conversationID,
          messageID: m.ID,
          filter,
          count: READ_PAGE,
          ...(cursor ? { cursor } : {}),
        },
        { silent: true },
      );
      setPages((p) =>
        patch(p, filter, {
          members: [...(cursor ? p[filter].members : []), ...r.members],
          cursor: r.nextCursor,
          done: r.isCompleted || !r.nextCursor,
          loading: false,
        }),
      );
    } catch {
      setPages((p) => patch(p, filter, { loading: false, failed: true }));
    }
  };

  useEffect(() => {
    const cur = pages[tab];
    if (!cur.members.length && !cur.done && !cur.loading && !cur.failed) void load(tab, null);
    // Each tab loads its first page once, when shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tab]);

  const { readCount, unreadCount } = m.readReceiptInfo;
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={t('read.title')} width={360}>
      <div className="read-panel" data-testid="read-panel">
        <div className="read-panel__tabs" role="tablist">
          {([0, 1] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              className={`read-panel__tab${tab === k ? ' read-panel__tab--active' : ''}`}
              data-testid={k === 0 ? 'read-tab-read' : 'read-tab-unread'}
              onClick={() => setTab(k)}
            >
              {k === 0
                ? t('read.readTab', { count: readCount })
                : t('read.unreadTab', { count: unreadCount })}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          aria-label={
            tab === 0 ? t('read.readTab', { count: readCount }) : t('read.unreadTab', { count: unreadCount })
          }
        >
          <ul className="read-panel__list" data-testid="read-members">
            {page.members.map((p) => (
              <li key={p.userID} className="read-panel__row" data-testid="read-member" data-id={p.userID}>
                <Avatar src={p.avatar} name={p.nameCard || p.nick} size={32} decorative />
                <span className="read-panel__name">{p.nameCard || p.nick || p.userID}</span>
              </li>
            ))}
          </ul>
        </div>
        {page.loading && (
          <div className="read-panel__foot">
            <Spinner size={18} />
          </div>
        )}
        {!page.loading && page.done && page.members.length === 0 && (
          <p className="read-panel__foot">{t('read.empty')}</p>
        )}
        {!page.loading && page.failed && <p className="read-panel__foot">{t('read.failed')}</p>}
        {!page.loading && !page.done && page.cursor && (
          <div className="read-panel__foot">
            <button
              type="button"
              className="cv-link"
              data-testid="read-more"
              onClick={() => void load(tab, page.cursor)}
            >
              {t('read.more')}
            </button>
          </div>
        )}
      </div>
    </Modal>
  );
}

function patch(p: [Page, Page], k: 0 | 1, next: Partial<Page>): [Page, Page] {
  const out: [Page, Page] = [p[0], p[1]];
  out[k] = { ...p[k], ...next };
  return out;
}
