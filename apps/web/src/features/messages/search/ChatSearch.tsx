import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@parley/protocol';
import { useDebounced } from '../../../lib/useDebounced';
import { SearchField } from '../../../ui/SearchField';
import { useEscape } from '../../../ui/useEscape';
import { useMessagesUi } from '../ui-store';
import { MessageHit } from './MessageHit';
import { useMessageSearch } from './useMessageSearch';
import './search.css';

/**
 * Search in the open chat's history (the header's search button): results newest first, more on
 * demand; a result scrolls the chat to that message (loading older history if needed) and blinks it.
 */
export function ChatSearch({ conversationID, onClose }: { conversationID: string; onClose(): void }) {
  const { t } = useTranslation('chatInfo');
  const [keyword, setKeyword] = useState('');
  const settled = useDebounced(keyword.trim(), 250);
  const found = useMessageSearch(settled, conversationID);
  const [picked, setPicked] = useState(false);
  useEscape(onClose);
  const open = (m: Message) => {
    setPicked(true);
    useMessagesUi.getState().requestJump(conversationID, m.ID, m.sequence);
  };
  return (
    <div className="chat-search" data-testid="chat-search" role="search">
      <div className="chat-search__bar">
        <SearchField
          value={keyword}
          onChange={(v) => {
            setKeyword(v);
            setPicked(false);
          }}
          label={t('search.placeholder')}
          clearLabel={t('search.clear')}
          testId="chat-search-input"
          autoFocus
        />
        <button type="button" className="btn btn--ghost" data-testid="chat-search-close" onClick={onClose}>
          {t('search.close')}
        </button>
      </div>
      {settled && !picked && (
        <div className="chat-search__results" data-testid="chat-search-results" aria-live="polite">
          {found.hits.map((m) => (
            <MessageHit
              key={m.ID}
              m={m}
              keyword={settled}
              title={m.nameCard || m.nick || m.from}
              onOpen={open}
            />
          ))}
          {found.done && found.hits.length === 0 && (
            <p className="cv-search-empty" data-testid="chat-search-empty">
              {t('search.empty')}
            </p>
          )}
          {found.hasMore && (
            <button type="button" className="cv-link chat-search__more" onClick={found.more}>
              {t('search.more')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
