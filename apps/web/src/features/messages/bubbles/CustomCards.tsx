import { askHelper } from '../../helper';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../ui/Avatar';
import { useSession } from '../../../lib/session';
import { chatPath, friendDialogs, ProfilePopover, useFriend } from '../../friends';
import { customData, num, safeUrl, str } from './media-url';
import type { ContentProps } from './types';

/**
 * Name card: opens the profile. The reader's action follows the relation: '发消息' for a friend,
 * nothing for the reader's own card, else '加好友' (an application with source 4, shared card).
 */
export function NameCardContent({ m }: ContentProps) {
  const { t } = useTranslation('rich');
  const d = customData(m.payload);
  const wtId = str(d.userId);
  const nick = str(d.nickName) || wtId;
  const avatar = safeUrl(d.avatar);
  const me = useSession((s) => s.user?.wtId);
  const friend = useFriend(wtId || undefined);
  return (
    <div className="rich-card rich-namecard" data-testid="namecard-bubble">
      <ProfilePopover wtId={wtId}>
        <button type="button" className="rich-namecard__who" data-testid="namecard-open">
          <Avatar src={avatar} name={nick} size={40} decorative />
          <span className="rich-card__title">{nick}</span>
        </button>
      </ProfilePopover>
      <div className="rich-card__foot">
        <span>{t('card.nameCard')}</span>
        {wtId && friend && (
          <Link className="cv-link" data-testid="namecard-chat" to={chatPath(wtId)}>
            {t('card.sendMessage')}
          </Link>
        )}
        {wtId && !friend && wtId !== me && (
          <button
            type="button"
            className="cv-link"
            data-testid="namecard-add"
            onClick={() => friendDialogs.openApply({ wtId, nickName: nick, avatar, source: 4 })}
          >
            {t('card.addFriend')}
          </button>
        )}
      </div>
    </div>
  );
}

export function LinkContent({ m }: ContentProps) {
  const d = customData(m.payload);
  const link = safeUrl(d.link);
  return (
    <div className="rich-card" data-testid="link-bubble">
      <div className="rich-card__title">{str(d.text) || link}</div>
      {link && (
        <a className="cv-link rich-card__link" href={link} target="_blank" rel="noopener noreferrer nofollow">
          {link}
        </a>
      )}
    </div>
  );
}

export function OrderContent({ m }: ContentProps) {
  const { t } = useTranslation('rich');
  const d = customData(m.payload);
  const img = safeUrl(d.imageUrl);
  const link = safeUrl(d.link);
  const body = (
    <>
      {img && <img className="rich-order__img" src={img} alt="" />}
      <span className="rich-order__text">
        <span className="rich-card__title">{str(d.title)}</span>
        <span className="rich-card__desc">{str(d.description)}</span>
        <span className="rich-order__price">{str(d.price)}</span>
      </span>
    </>
  );
  return (
    <div className="rich-card rich-order" data-testid="order-bubble" aria-label={t('card.order')}>
      {link ? (
        <a className="rich-order__row" href={link} target="_blank" rel="noopener noreferrer nofollow">
          {body}
        </a>
      ) : (
        <div className="rich-order__row">{body}</div>
      )}
    </div>
  );
}

export function EvaluateContent({ m }: ContentProps) {
  const { t } = useTranslation('rich');
  const d = customData(m.payload);
  const score = Math.max(0, Math.min(5, Math.round(num(d.score))));
  return (
    <div className="rich-card" data-testid="evaluate-bubble">
      <div className="rich-card__title">{t('card.evaluate')}</div>
      <div className="rich-evaluate__stars" aria-label={t('card.score', { count: score })}>
        {'★'.repeat(score)}
        <span className="rich-evaluate__off">{'★'.repeat(5 - score)}</span>
      </div>
      {str(d.comment) && <div className="rich-card__desc">{str(d.comment)}</div>}
    </div>
  );
}

export function NoteContent({ m }: ContentProps) {
  const { t } = useTranslation('rich');
  const d = customData(m.payload);
  const img = safeUrl(d.videoImage);
  return (
    <div className="rich-card" data-testid="note-bubble">
      <div className="rich-card__title">{str(d.collectTitle) || t('card.note')}</div>
      {str(d.noteContent) && <div className="rich-card__desc rich-card__clamp">{str(d.noteContent)}</div>}
      {img && <img className="rich-order__img" src={img} alt="" />}
      <div className="rich-card__foot">{t('card.note')}</div>
    </div>
  );
}

export function ServiceContent({ m }: ContentProps) {
  const d = customData(m.payload);
  const items = Array.isArray(d.item) ? (d.item as { key?: unknown; value?: unknown }[]) : [];
  return (
    <div className="rich-card" data-testid="service-bubble">
      <div className="rich-card__title">{str(d.title)}</div>
      {str(d.description) && <div className="rich-card__desc">{str(d.description)}</div>}
      <dl className="rich-service__items">
        {items.slice(0, 20).map((it, i) => (
          <div key={i}>
            <dt>{str(it.key)}</dt>
            <dd>{str(it.value)}</dd>
          </div>
        ))}
      </dl>
      {str(d.hyperlinks_text) && <div className="rich-card__foot">{str(d.hyperlinks_text)}</div>}
    </div>
  );
}

export function HelperContent({ m }: ContentProps) {
  const d = customData(m.payload);
  const content = (d.content && typeof d.content === 'object' ? d.content : {}) as {
    txtMsg?: unknown;
    imgMsg?: unknown;
  };
  const list = Array.isArray(content.txtMsg)
    ? (content.txtMsg as { question?: unknown; replyMsg?: unknown; id?: unknown }[])
    : [];
  const img = safeUrl(content.imgMsg);
  return (
    <div className="rich-card" data-testid="helper-bubble">
      {img && <img className="rich-order__img" src={img} alt="" />}
      {str(m.payload.description) && <div className="rich-card__title">{str(m.payload.description)}</div>}
      <ul className="rich-helper__list">
        {list.slice(0, 20).map((q, i) => (
          <li key={i}>
            {typeof q.id === 'number' && !str(q.replyMsg) ? (
              <button
                type="button"
                className="rich-helper__ask"
                data-testid="helper-question"
                onClick={() => void askHelper(q.id as number)}
              >
                {str(q.question)}
              </button>
            ) : (
              <strong>{str(q.question)}</strong>
            )}
            {str(q.replyMsg) && <p>{str(q.replyMsg)}</p>}
          </li>
        ))}
      </ul>
      {safeUrl(d.jumpUrl) && (
        <a className="rich-card__foot" href={safeUrl(d.jumpUrl)} target="_blank" rel="noreferrer noopener">
          {safeUrl(d.jumpUrl)}
        </a>
      )}
    </div>
  );
}
