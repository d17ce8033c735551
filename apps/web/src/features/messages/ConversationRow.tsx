import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@parley/protocol';
import { Avatar } from '../../ui/Avatar';
import { badgeText } from '../../ui/Badge';
import { useFormatTime } from '../../lib/i18n';
import { lastLine, useAbstract } from './abstract';
import { MutedIcon } from './icons';
import { isMenuKey, useLongPress } from './ContextMenu';
import { atPrefix, type GroupConversation } from './group/logic';
import { conversationName, shownUnread } from './types';

export interface RowProps {
  c: Conversation;
  me: string;
  active: boolean;
  onOpen(id: string): void;
  onMenu(c: Conversation, x: number, y: number, keyboard?: boolean): void;
}

/** One conversation: avatar with its unread badge, name, time, last message or draft, muted mark. */
export const ConversationRow = memo(function ConversationRow({ c, me, active, onOpen, onMenu }: RowProps) {
  const { t } = useTranslation(['messages', 'groupChat']);
  const formatTime = useFormatTime();
  const abstract = useAbstract();
  const name = conversationName(c);
  const press = useLongPress((x, y) => onMenu(c, x, y));
  const unread = shownUnread(c);
  const draft = !active && c.draftText ? c.draftText : '';
  const group = (c as GroupConversation).groupProfile;
  const mineLast = c.lastMessage?.fromAccount === me;
  const byAdmin = c.lastMessage?.revoker === 'administrator';
  // A group row names the sender of the last message ("nick: text", "nick撤回了一条消息").
  const sender = group ? (c.lastMessage?.fromNick ?? '') : name;
  const last =
    group && c.lastMessage?.isRevoked && (byAdmin || (!mineLast && !sender))
      ? t(byAdmin ? 'messages:revoked.admin' : 'groupChat:revokedInList')
      : group && sender && !mineLast && !c.lastMessage?.isRevoked && c.lastMessage?.type !== 'groupTip'
        ? `${sender}: ${lastLine(c, me, abstract, sender)}`
        : lastLine(c, me, abstract, mineLast ? '' : sender);
  const time = c.lastMessage ? c.lastMessage.lastTime : c.activityTime;
  const at = atPrefix(c as GroupConversation);
  const extra = [c.isPinned ? t('pinned') : '', c.isMuted && unread ? t('unread', { count: unread }) : '']
    .filter(Boolean)
    .join('，');
  return (
    <button
      type="button"
      className={`cv-row${active ? ' cv-row--active' : ''}${c.isPinned ? ' cv-row--pinned' : ''}`}
      data-testid="conversation-row"
      data-id={c.conversationID}
      data-pinned={c.isPinned ? '1' : '0'}
      aria-current={active ? 'true' : undefined}
      onClick={() => onOpen(c.conversationID)}
      onContextMenu={(e) => {
        e.preventDefault();
        const r = e.currentTarget.getBoundingClientRect();
        onMenu(c, e.clientX || r.left + 40, e.clientY || r.top + r.height / 2);
      }}
      onKeyDown={(e) => {
        if (!isMenuKey(e)) return;
        e.preventDefault();
        const r = e.currentTarget.getBoundingClientRect();
        onMenu(c, r.left + 40, r.top + r.height / 2, true);
      }}
      {...press}
    >
      <span className="cv-row__avatar">
        <Avatar
          src={group ? group.avatar : c.userProfile?.avatar}
          name={name}
          size={40}
          shape={group ? 'rounded' : undefined}
          decorative
        />
        {unread > 0 &&
          (c.isMuted ? (
            <span className="cv-dot" data-testid="conversation-dot" />
          ) : (
            <span className="cv-badge" data-testid="conversation-badge">
              {badgeText(unread)}
            </span>
          ))}
      </span>
      <span className="cv-row__main">
        <span className="cv-row__top">
          <span className="cv-row__name">{name}</span>
          <span className="cv-row__time">{time ? formatTime(time) : ''}</span>
        </span>
        <span className="cv-row__bottom">
          <span className="cv-row__last">
            {draft ? (
              <>
                <span className="cv-draft">{t('draft')}</span> {draft}
              </>
            ) : (
              <>
                {at && (
                  <span className="cv-at" data-testid="conversation-at">
                    {t(`groupChat:${at}`)}
                  </span>
                )}
                {c.isMuted && unread > 1 ? `[${badgeText(unread)}] ` : ''}
                {last}
              </>
            )}
          </span>
          {extra && <span className="sr-only">{extra}</span>}
          {c.isMuted && (
            <span className="cv-row__muted" data-testid="conversation-muted" title={t('muted')}>
              <MutedIcon />
            </span>
          )}
        </span>
      </span>
    </button>
  );
});
