import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MomentVisibility, type Moment } from '@parley/protocol';
import { useFormatTime } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { Avatar } from '../../ui/Avatar';
import { confirm } from '../../ui/confirm';
import { toast } from '../../ui/toast-store';
import { albumPath } from './AlbumButton';
import { momentsApi } from './api';
import { CommentInput, MomentInteractions, type CommentTarget } from './MomentComments';
import { MomentMedia } from './MomentMedia';

/**
 * One moment: author, text, photos or video, time, and the like / comment actions with the likes
 * and comments the viewer may see. `onChange(null)` = removed.
 */
export function MomentCard({
  moment,
  me,
  onChange,
  linkToDetail = true,
}: {
  moment: Moment;
  me: string;
  onChange(patch: Partial<Moment> | null): void;
  linkToDetail?: boolean;
}) {
  const { t } = useTranslation('moments');
  const formatTime = useFormatTime();
  const [commenting, setCommenting] = useState<CommentTarget | null | false>(false);
  const [busy, setBusy] = useState(false);
  const mine = moment.wtId === me;
  const name = moment.nickName || moment.wtId;

  const like = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const r = await momentsApi.praise(moment.id);
      onChange({ minePraiseStatus: r.minePraiseStatus, likeList: r.praiseList });
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!(await confirm({ title: t('deleteMoment'), danger: true }))) return;
    await momentsApi.remove(moment.id);
    toast.success(t('deleted'));
    onChange(null);
  };
  const time = formatTime(moment.createTime, true);

  return (
    <article className="mo-card" data-testid="moment" data-moment-id={moment.id} aria-label={name}>
      <Link
        to={albumPath(moment.wtId)}
        className="mo-card__avatar"
        tabIndex={-1}
        aria-label={t('albumTitle', { name })}
      >
        <Avatar src={moment.avatar} name={name} size={44} decorative />
      </Link>
      <div className="mo-card__main">
        <Link to={albumPath(moment.wtId)} className="mo-name mo-card__name">
          {name}
        </Link>
        {moment.content && (
          <p className="mo-card__text" data-testid="moment-text">
            {moment.content}
          </p>
        )}
        <MomentMedia moment={moment} />
        <div className="mo-card__meta">
          {linkToDetail ? (
            <Link to={paths.moment(moment.id)} className="mo-card__time">
              {time}
            </Link>
          ) : (
            <span className="mo-card__time">{time}</span>
          )}
          {mine && moment.visibility !== MomentVisibility.all && (
            <span className="mo-card__scope" data-testid="moment-scope">
              {moment.visibility === MomentVisibility.private ? t('private') : t('partial')}
              {moment.groupList.length > 0 && `: ${moment.groupList.map((g) => g.tagName).join(', ')}`}
            </span>
          )}
          {mine && (
            <button
              type="button"
              className="mo-link"
              data-testid="moment-delete"
              onClick={() => void remove()}
            >
              {t('delete')}
            </button>
          )}
          <span className="mo-card__actions">
            <button
              type="button"
              className={`mo-action${moment.minePraiseStatus ? ' mo-action--on' : ''}`}
              aria-pressed={moment.minePraiseStatus === 1}
              disabled={busy}
              data-testid="moment-like"
              onClick={() => void like()}
            >
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path
                  d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
                  fill={moment.minePraiseStatus ? 'currentColor' : 'none'}
                  stroke="currentColor"
                  strokeWidth="2"
                />
              </svg>
              {moment.minePraiseStatus ? t('unlike') : t('like')}
            </button>
            <button
              type="button"
              className="mo-action"
              aria-expanded={commenting !== false}
              data-testid="moment-comment-open"
              onClick={() => setCommenting(commenting === false ? null : false)}
            >
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path
                  d="M4 5h16v11H9l-5 4z"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinejoin="round"
                />
              </svg>
              {t('comment')}
            </button>
          </span>
        </div>
        <MomentInteractions
          moment={moment}
          me={me}
          onReply={(target) => setCommenting(target)}
          onChange={onChange}
        />
        {commenting !== false && (
          <CommentInput
            key={commenting?.wtId ?? ''}
            moment={moment}
            target={commenting}
            onDone={(patch) => {
              setCommenting(false);
              if (patch) onChange(patch);
            }}
          />
        )}
      </div>
    </article>
  );
}
