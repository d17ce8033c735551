import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation, FriendItem } from '@parley/protocol';
import { createSearch } from '../../lib/search';
import { Avatar } from '../../ui/Avatar';
import { c2cConversationId, useFriends } from '../friends';
import { conversationName } from './types';

/**
 * Search results of the list panel: 联系人 (friends by remark, nickname, wtId or pinyin) and 群组
 * (groups come later), then matching conversation names; '搜索结果为空' when nothing matches.
 */
export default function SearchResults({
  keyword,
  conversations,
  onOpen,
}: {
  keyword: string;
  conversations: Conversation[];
  onOpen(id: string): void;
}) {
  const { t } = useTranslation('messages');
  const friends = useFriends();
  const searchFriends = useMemo(
    () => createSearch<FriendItem>(friends.data ?? [], (f) => [f.remark, f.nickName, f.wtId]),
    [friends.data],
  );
  const searchChats = useMemo(
    () =>
      createSearch<Conversation>(conversations, (c) => [
        conversationName(c),
        c.userProfile?.nick,
        c.conversationID.slice(3),
      ]),
    [conversations],
  );
  const people = searchFriends(keyword).slice(0, 50);
  const peopleIds = new Set(people.map((f) => c2cConversationId(f.wtId)));
  const chats = searchChats(keyword)
    .filter((c) => !peopleIds.has(c.conversationID))
    .slice(0, 50);

  if (!people.length && !chats.length)
    return (
      <p className="cv-search-empty" data-testid="search-empty">
        {t('searchEmpty')}
      </p>
    );
  return (
    <div className="cv-scroll" data-testid="search-results">
      {people.length > 0 && (
        <section aria-label={t('sections.contacts')}>
          <h2 className="cv-section">{t('sections.contacts')}</h2>
          {people.map((f) => (
            <button
              key={f.wtId}
              type="button"
              className="cv-row cv-row--compact"
              data-testid="search-contact"
              onClick={() => onOpen(c2cConversationId(f.wtId))}
            >
              <Avatar src={f.avatar} name={f.remark || f.nickName} size={36} decorative />
              <span className="cv-row__name">{f.remark || f.nickName}</span>
            </button>
          ))}
        </section>
      )}
      {chats.length > 0 && (
        <section aria-label={t('sections.chats')}>
          <h2 className="cv-section">{t('sections.chats')}</h2>
          {chats.map((c) => (
            <button
              key={c.conversationID}
              type="button"
              className="cv-row cv-row--compact"
              data-testid="search-chat"
              onClick={() => onOpen(c.conversationID)}
            >
              <Avatar src={c.userProfile?.avatar} name={conversationName(c)} size={36} decorative />
              <span className="cv-row__name">{conversationName(c)}</span>
            </button>
          ))}
        </section>
      )}
    </div>
  );
}
