import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@parley/protocol';
import { Avatar } from '../../../ui/Avatar';
import { CloseIcon } from '../../../ui/Modal';
import { friendDialogs, useFriend } from '../../friends';
import { ChatSettingsRows, LinkRow } from '../../groups';
import { conversationOps } from '../conversations';
import { conversationName, peerOf } from '../types';

/**
 * The info panel of a one-to-one chat: the person (avatar, name, ID, remark), search in the
 * history, pin, and the chat settings rows (mute, archive, clear history) groups use too.
 */
export function PeerInfo({
  conversation,
  onClose,
  onSearch,
}: {
  conversation: Conversation;
  onClose(): void;
  onSearch(): void;
}) {
  const { t } = useTranslation('chatInfo');
  const id = conversation.conversationID;
  const wtId = peerOf(id);
  const friend = useFriend(wtId);
  const name = conversationName(conversation);
  const profile = conversation.userProfile;
  // The switch follows the click at once (a chat opened from a contact may not be in the list yet).
  const [pinned, setPinned] = useState(conversation.isPinned);
  return (
    <>
      <header className="gp-panel__head">
        <h2 className="gp-panel__title">{t('title')}</h2>
        <button
          type="button"
          className="icon-btn"
          onClick={onClose}
          aria-label={t('close')}
          data-testid="chat-info-close"
        >
          <CloseIcon />
        </button>
      </header>
      <div className="gp-panel__body">
        <div className="chat-info__person" data-testid="chat-info-person">
          <Avatar src={profile?.avatar} name={name} size={56} decorative />
          <div className="chat-info__who">
            <strong className="chat-info__name">{name}</strong>
            {friend?.remark && profile?.nick && (
              <span className="gp-note">{t('nick', { nick: profile.nick })}</span>
            )}
            <span className="gp-note">{t('id', { id: wtId })}</span>
          </div>
        </div>
        {friend && (
          <LinkRow
            label={t('remark')}
            onClick={() => friendDialogs.openRemarkTags(wtId)}
            testId="chat-info-remark"
          >
            <span className="gp-row__value">{friend.remark || t('unset')}</span>
          </LinkRow>
        )}
        <LinkRow label={t('searchHistory')} onClick={onSearch} testId="chat-info-search" />
        <label className="gp-row gp-row--switch">
          <span className="gp-row__label">{t('pin')}</span>
          <input
            type="checkbox"
            checked={pinned}
            data-testid="chat-info-pin"
            onChange={(e) => {
              const next = e.target.checked;
              setPinned(next);
              conversationOps.pin(id, next).catch(() => setPinned(!next));
            }}
          />
        </label>
        <ChatSettingsRows conversationID={id} archiveLabel={t('archive')} />
      </div>
    </>
  );
}
