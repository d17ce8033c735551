import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation, FriendItem } from '@parley/protocol';
import { createSearch, usePinyin } from '../../lib/search';
import { Avatar } from '../../ui/Avatar';
import { c2cConversationId, useFriends } from '../friends';
import { MessageHit } from './search/MessageHit';
import { useMessageSearch } from './search/useMessageSearch';
import { conversationName } from './types';
import { useMessagesUi } from './ui-store';
import './search/search.css';

/**
 * Search results of the list panel: 联系人 (friends by remark, nickname, wtId or pinyin) and 群组
 * (groups come later), then matching conversation names, then 聊天记录: messages of every
 * conversation holding the keyword (a result opens its chat at that message); '搜索结果为空' when
 * nothing matches.
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
  const { t } = useTranslation(['messages', 'chatInfo']);
  const friends = useFriends();
  const found = useMessageSearch(keyword);
  const names = useMemo(
    () => new Map(conversations.map((c) => [c.conversationID, conversationName(c)])),
    [conversations],
  );
  const pinyin = usePinyin();
  const searchFriends = useMemo(
    () => createSearch<FriendItem>(friends.data ?? [], (f) => [f.remark, f.nickName, f.wtId]),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the dictionary's arrival remakes the keys
    [friends.data, pinyin],
  );
  const searchChats = useMemo(
    () =>
      createSearch<Conversation>(conversations, (c) => [
        conversationName(c),
        c.userProfile?.nick,
        c.conversationID.slice(3),
      ]),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the dictionary's arrival remakes the keys
    [conversations, pinyin],
  );
  const people = searchFriends(keyword).slice(0, 50);
  const peopleIds = new Set(people.map((f) => c2cConversationId(f.wtId)));
  const chats = searchChats(keyword)
    .filter((c) => !peopleIds.has(c.conversationID))
    .slice(0, 50);

  if (!people.length && !chats.length && found.done && !found.hits.length)
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
      {found.hits.length > 0 && (
        <section aria-label={t('chatInfo:search.section')} data-testid="search-messages">
          <h2 className="cv-section">{t('chatInfo:search.section')}</h2>
          {found.hits.map((m) => (
            <MessageHit
              key={m.ID}
              m={m}
              keyword={keyword}
              title={names.get(m.conversationID) ?? (m.nick || m.from)}
              onOpen={() => {
                useMessagesUi.getState().requestJump(m.conversationID, m.ID, m.sequence);
                onOpen(m.conversationID);
              }}
            />
          ))}
          {found.hasMore && (
            <button type="button" className="cv-link chat-search__more" onClick={found.more}>
              {t('chatInfo:search.more')}
            </button>
          )}
        </section>
      )}
    </div>
  );
}
