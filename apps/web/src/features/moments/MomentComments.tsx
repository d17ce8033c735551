import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MomentLimits, type Moment, type MomentComment } from '@parley/protocol';
import { confirm } from '../../ui/confirm';
import { toast } from '../../ui/toast-store';
import { momentsApi } from './api';

export interface CommentTarget {
  wtId: string;
  nickName: string;
}

/** Likes line and comments of a moment; tapping a comment replies to it, or deletes one's own. */
export function MomentInteractions({
  moment,
  me,
  onReply,
  onChange,
}: {
  moment: Moment;
  me: string;
  onReply(target: CommentTarget): void;
  onChange(patch: Partial<Moment>): void;
}) {
  const { t } = useTranslation('moments');
  if (!moment.likeList.length && !moment.commentsList.length) return null;
  const mayDelete = (c: MomentComment) => c.wtId === me || moment.wtId === me;
  const tap = async (c: MomentComment) => {
    if (c.wtId !== me) return onReply({ wtId: c.wtId, nickName: c.nickName });
    if (!(await confirm({ title: t('deleteComment'), danger: true }))) return;
    const r = await momentsApi.removeComment(c.id);
    onChange({ commentsList: r.commentsList, commentsMore: false });
  };
  const remove = async (c: MomentComment) => {
    if (!(await confirm({ title: t('deleteComment'), danger: true }))) return;
    const r = await momentsApi.removeComment(c.id);
    toast.success(t('deleted'));
    onChange({ commentsList: r.commentsList, commentsMore: false });
  };
  const more = async () => {
    const r = await momentsApi.comments(moment.id, moment.commentsList.at(-1)?.id);
    const known = new Set(moment.commentsList.map((c) => c.id));
    onChange({
      commentsList: [...moment.commentsList, ...r.rows.filter((c) => !known.has(c.id))],
      commentsMore: r.hasMore,
    });
  };
  return (
    <div className="mo-box" data-testid="moment-interactions">
      {moment.likeList.length > 0 && (
        <p className="mo-likes" data-testid="moment-likes">
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
            <path
              d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
          </svg>
          {moment.likeList.map((l) => l.nickName || l.wtId).join(', ')}
        </p>
      )}
      {moment.commentsList.length > 0 && (
        <ul className="mo-comments">
          {moment.commentsList.map((c) => (
            <li key={c.id} className="mo-comment" data-testid="moment-comment">
              <button type="button" className="mo-comment__body" onClick={() => void tap(c)}>
                <span className="mo-name">{c.nickName || c.wtId}</span>
                {c.replyToWtId && (
                  <>
                    {' '}
                    {t('reply')} <span className="mo-name">{c.replyToNickName || c.replyToWtId}</span>
                  </>
                )}
                {': '}
                <span className="mo-comment__text">{c.content}</span>
              </button>
              {mayDelete(c) && c.wtId !== me && (
                <button
                  type="button"
                  className="mo-comment__delete"
                  aria-label={t('delete')}
                  data-testid="moment-comment-delete"
                  onClick={() => void remove(c)}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {moment.commentsMore && (
        <button
          type="button"
          className="mo-link mo-comments-more"
          data-testid="moment-comments-more"
          onClick={() => void more()}
        >
          {t('moreComments')}
        </button>
      )}
    </div>
  );
}

/** The comment (or reply) input under a moment. */
export function CommentInput({
  moment,
  target,
  onDone,
}: {
  moment: Moment;
  target: CommentTarget | null;
  onDone(patch: Partial<Moment> | null): void;
}) {
  const { t } = useTranslation('moments');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim() || busy) return;
    setBusy(true);
    try {
      const r = await momentsApi.comment(moment.id, text.trim(), target?.wtId);
      setText('');
      onDone({ commentsList: r.commentsList, commentsMore: false });
    } finally {
      setBusy(false);
    }
  };
  const label = target
    ? t('replyPlaceholder', { name: target.nickName || target.wtId })
    : t('commentPlaceholder');
  return (
    <form className="mo-input" onSubmit={(e) => void submit(e)}>
      <input
        // Focus follows the user's tap on 评论 / a comment.
        autoFocus
        value={text}
        maxLength={MomentLimits.comment}
        placeholder={label}
        aria-label={label}
        data-testid="moment-comment-input"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onDone(null)}
      />
      <button
        type="submit"
        className="btn btn--primary"
        disabled={!text.trim() || busy}
        data-testid="moment-comment-send"
      >
        {t('send')}
      </button>
    </form>
  );
}
