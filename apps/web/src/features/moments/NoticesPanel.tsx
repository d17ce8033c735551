import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MomentNoticeType, type MomentNotice } from '@parley/protocol';
import { applyCountersPatch } from '../../lib/useCounters';
import { useFormatTime } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { Avatar } from '../../ui/Avatar';
import { Drawer } from '../../ui/Drawer';
import { momentsApi } from './api';
import './notices.css';

/** The notices (likes, comments, replies): opening them clears the moments badge. */
export function NoticesPanel({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('moments');
  const formatTime = useFormatTime();
  const navigate = useNavigate();
  const [rows, setRows] = useState<MomentNotice[] | null>(null);
  const [page, setPage] = useState(1);
  const [total, setTotal] = useState(0);

  useEffect(() => {
    let live = true;
    void momentsApi.notices(page).then((r) => {
      if (!live) return;
      setTotal(r.total);
      setRows((old) => (page === 1 ? r.rows : [...(old ?? []), ...r.rows]));
      if (page === 1) void momentsApi.clearNotices().then(() => applyCountersPatch({ moments: 0 }));
    });
    return () => {
      live = false;
    };
  }, [page]);

  return (
    <Drawer open onOpenChange={(v) => !v && onClose()} title={t('notices')}>
      <ul className="mo-notices" data-testid="moment-notices">
        {rows?.map((n) => (
          <li key={n.id}>
            <button
              type="button"
              className={`mo-notice${n.isRead ? '' : ' mo-notice--new'}`}
              data-testid="moment-notice"
              onClick={() => {
                onClose();
                navigate(paths.moment(n.friendsCircleId));
              }}
            >
              <Avatar src={n.avatar} name={n.nickName} size={40} decorative />
              <span className="mo-notice__body">
                <span className="mo-name">{n.nickName || n.wtId}</span>
                <span className="mo-notice__what">
                  {n.type === MomentNoticeType.like ? t('noticeLiked') : n.content}
                </span>
                <span className="mo-notice__time">{formatTime(n.createTime, true)}</span>
              </span>
              {n.momentImage ? (
                <img className="mo-notice__preview" src={n.momentImage} alt="" />
              ) : (
                <span className="mo-notice__preview mo-notice__preview--text">{n.momentContent}</span>
              )}
            </button>
          </li>
        ))}
        {rows && rows.length === 0 && <li className="mo-status">{t('noticesEmpty')}</li>}
        {rows && rows.length < total && (
          <li className="mo-status">
            <button type="button" className="mo-link" onClick={() => setPage((p) => p + 1)}>
              {t('loadMore')}
            </button>
          </li>
        )}
      </ul>
    </Drawer>
  );
}
