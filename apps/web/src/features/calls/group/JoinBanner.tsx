import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/Avatar';
import { PhoneIcon, VideoIcon } from '../icons';
import { useSession } from '../../../lib/session';
import { useCallStore } from '../store';
import { useGroupCallInfo } from './useGroupCallInfo';
import './group-call.css';

export interface JoinBannerProps {
  groupID: string;
  onJoin(call: { groupID: string; roomID: string; callMediaType: 1 | 2 }): void;
}

/** Avatars shown in the slim bar; the expanded list shows everyone. */
const BAR_AVATARS = 5;

/**
 * The group chat's join banner: while this tab is not on a call and the group has a call with
 * people on it, '{n} people on the call', their first avatars and Join; the bar expands to the list
 * of who is on it. When the user is on that call already (another tab or device), the bar says so
 * instead of offering Join (the server would refuse a second join).
 */
export function JoinBanner({ groupID, onJoin }: JoinBannerProps) {
  const { t } = useTranslation('calls');
  const idle = useCallStore((s) => s.phase === 'idle');
  const record = useGroupCallInfo(groupID);
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const me = useSession((s) => s.user?.wtId);
  if (!idle || !record || record.userList.length === 0) return null;
  const people = record.userList;
  const joinedElsewhere = people.some((p) => p.wtId === me);
  const video = record.callMediaType === 2;
  const count = t('groupCall.onCall', { count: people.length });
  return (
    <section className="gc-banner" aria-label={t('groupCall.banner')} data-testid="group-call-banner">
      <div className="gc-banner__bar">
        <button
          type="button"
          className="gc-banner__toggle"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          aria-label={`${count}, ${t(expanded ? 'groupCall.hideMembers' : 'groupCall.showMembers')}`}
          onClick={() => setExpanded((v) => !v)}
          data-testid="group-call-banner-toggle"
        >
          <span className="gc-banner__icon">{video ? <VideoIcon size={16} /> : <PhoneIcon size={16} />}</span>
          <span className="gc-banner__count" data-testid="group-call-banner-count">
            {count}
          </span>
          <span className="gc-banner__faces">
            {people.slice(0, BAR_AVATARS).map((p) => (
              <Avatar key={p.wtId} src={p.avatar} name={p.nickName || p.wtId} size={24} decorative />
            ))}
          </span>
          <span className={`gc-banner__chevron${expanded ? ' gc-banner__chevron--open' : ''}`} aria-hidden />
        </button>
        {joinedElsewhere ? (
          <span className="gc-banner__elsewhere" data-testid="group-call-elsewhere">
            {t('groupCall.elsewhere')}
          </span>
        ) : (
          <button
            type="button"
            className="btn btn--primary gc-banner__join"
            onClick={() =>
              onJoin({ groupID: record.groupID, roomID: String(record.roomID), callMediaType: video ? 2 : 1 })
            }
            data-testid="group-call-join"
          >
            {t('groupCall.join')}
          </button>
        )}
      </div>
      {expanded && (
        <ul id={listId} className="gc-banner__list" aria-label={t('groupCall.members')}>
          {people.map((p) => (
            <li key={p.wtId} className="gc-banner__person" data-testid="group-call-banner-person">
              <Avatar src={p.avatar} name={p.nickName || p.wtId} size={40} decorative />
              <span className="gc-banner__name">{p.nickName || p.wtId}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
