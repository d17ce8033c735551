import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { GetStarted, useNoFriendsYet } from '../contacts';
import { isHelperConversation } from '../helper';
import { ChatWindow } from './ChatWindow';
import { ConversationPanel } from './ConversationPanel';
import { useConversations } from './conversations';
import { useMessagesRealtime } from './hooks';
import { ChatIcon } from './icons';
import { flushOutbox } from './send';
import { useChatStore } from './store';
import { forgetOnLogout } from './local';
// In cascade order: the page frame, its three regions, then the phone overrides.
import './messages.css';
import './conversation-list.css';
import './chat.css';
import './composer.css';
import './group/group.css';
import './phone.css';

// Once this screen has been loaded, a logout clears the device's chat cache and outbox.
forgetOnLogout((listener) => {
  listener(useSession.getState().token);
  return useSession.subscribe((s, prev) => {
    if (s.token === prev.token) return;
    if (!s.token)
      useChatStore.setState({ byConv: {}, originals: new Map(), deleted: new Map(), typingUntil: {} });
    listener(s.token);
  });
});

/**
 * /messages: the conversation list and the open chat (`?conversationID=`). A new user with no
 * friends and no conversation but the helper's sees the first-run next actions instead (beside the
 * helper's row when it is there; below it on a phone).
 */
export default function MessagesPage() {
  const { t } = useTranslation('messages');
  const [params, setParams] = useSearchParams();
  const openID = params.get('conversationID');
  const me = useSession((s) => s.user?.wtId ?? '');
  const conversations = useConversations();
  const noFriends = useNoFriendsYet();
  useMessagesRealtime(openID);
  useEffect(() => {
    void flushOutbox();
  }, []);

  const open = useCallback(
    (id: string | null) => setParams(id ? { conversationID: id } : {}, { replace: false }),
    [setParams],
  );
  const list = conversations.data ?? [];
  // The helper's welcome is in every new account: it does not make a conversation of one's own.
  const onlyHelper = list.every((c) => isHelperConversation(c.conversationID));
  const firstRun = noFriends === true && !openID && conversations.isSuccess && onlyHelper;
  // Until the friends are known too, an empty (or helper-only) list shows neither 空空如也 nor the
  // first-run actions, so neither flashes before the other.
  const loading = conversations.isPending || (onlyHelper && noFriends === undefined);

  if (firstRun && list.length === 0)
    return (
      <section className="msg-page msg-page--welcome" data-testid="screen-messages">
        <h1 className="sr-only">{t('title')}</h1>
        <div className="gs-page">
          <GetStarted variant="welcome" />
        </div>
      </section>
    );
  return (
    <section className={`msg-page${firstRun ? ' msg-page--first' : ''}`} data-testid="screen-messages">
      <h1 className="sr-only">{t('title')}</h1>
      <div className={`msg-page__list${openID ? ' msg-page__list--behind' : ''}`}>
        <ConversationPanel conversations={list} openID={openID} me={me} onOpen={open} loading={loading} />
      </div>
      <div className={`msg-page__chat${openID ? ' msg-page__chat--open' : ''}`}>
        {openID ? (
          <ChatWindow
            key={openID}
            conversationID={openID}
            conversation={list.find((c) => c.conversationID === openID)}
            onBack={() => open(null)}
          />
        ) : firstRun ? (
          <div className="gs-page">
            <GetStarted variant="welcome" />
          </div>
        ) : (
          <div className="chat-placeholder" data-testid="chat-placeholder">
            <ChatIcon />
            <p>{t('pickChat')}</p>
          </div>
        )}
      </div>
    </section>
  );
}
