import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { Conversation } from '@parley/protocol';
import { call } from '../../lib/api';
import { confirm } from '../../ui/confirm';
import { useHideTabBar } from '../../ui/useTabBar';
import { CallButtons, GroupCallBanner, GroupCallHeader } from '../calls';
import { useFriends } from '../friends';
import { isHelperConversation } from '../helper';
import { messageActions } from './actions';
import { ChatForwardHost, forwardSelected } from './composer-rich';
import { Composer } from './Composer';
import { getConversation, putConversation } from './conversations';
import { useHistory } from './hooks';
import { BackIcon, MoreIcon, SearchIcon } from './icons';
import { ChatInfoPanel } from './info/ChatInfoPanel';
import { useClearUnreadMark } from './info/unread-mark';
import { ChatSearch } from './search/ChatSearch';
import { GroupComposerGate, GroupHeaderExtras, GroupNoticeBar } from './group/GroupChatParts';
import { groupNumberOf, isGroupID } from './group/logic';
import { MessageList } from './MessageList';
import { useChatStore } from './store';
import { conversationName, peerOf } from './types';
import { useMessagesUi } from './ui-store';

/** 'typing…' while the peer's last typing frame is fresh (5 s unless renewed). */
function useTyping(conversationID: string): boolean {
  const until = useChatStore((s) => s.typingUntil[conversationID] ?? 0);
  const [, tick] = useState(0);
  useEffect(() => {
    const left = until - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => tick((n) => n + 1), left + 10);
    return () => clearTimeout(timer);
  }, [until]);
  return until > Date.now();
}

function SelectBar({ conversationID, peerName }: { conversationID: string; peerName: string }) {
  const { t } = useTranslation(['messages', 'forward']);
  const selected = useMessagesUi((s) => s.selected);
  const endSelect = useMessagesUi((s) => s.endSelect);
  const remove = async () => {
    const list =
      useChatStore.getState().byConv[conversationID]?.messages.filter((m) => selected.has(m.ID)) ?? [];
    if (!list.length) return;
    if (!(await confirm({ title: t('select.confirm', { count: list.length }), danger: true }))) return;
    await messageActions.remove(conversationID, list);
    endSelect();
  };
  return (
    <div className="select-bar" data-testid="select-bar">
      <span>{t('select.count', { count: selected.size })}</span>
      <button
        type="button"
        className="btn"
        data-testid="select-forward-single"
        onClick={() => forwardSelected(conversationID, 'single', t, peerName)}
      >
        {t('forward:oneByOne')}
      </button>
      <button
        type="button"
        className="btn"
        data-testid="select-forward-merged"
        onClick={() => forwardSelected(conversationID, 'merged', t, peerName)}
      >
        {t('forward:mergedAction')}
      </button>
      <button
        type="button"
        className="btn ct-danger"
        data-testid="select-delete"
        disabled={!selected.size}
        onClick={() => void remove()}
      >
        {t('select.remove')}
      </button>
      <button type="button" className="btn" data-testid="select-cancel" onClick={endSelect}>
        {t('select.cancel')}
      </button>
    </div>
  );
}

/** The open conversation: header (name, typing, 官方), the message list, and the composer. */
export function ChatWindow({
  conversationID,
  conversation: listed,
  onBack,
}: {
  conversationID: string;
  conversation: Conversation | undefined;
  onBack(): void;
}) {
  const { t } = useTranslation(['messages', 'chatInfo']);
  // A conversation the list does not hold yet (a first chat from a contact card) is fetched.
  const fetched = useQuery({
    queryKey: ['messages', 'conversation', conversationID],
    queryFn: () => call('conversations', 'get', { conversationID }),
    enabled: !listed,
  });
  useEffect(() => {
    if (fetched.data && !getConversation(conversationID)) putConversation(fetched.data);
  }, [fetched.data, conversationID]);
  const conversation = listed ?? fetched.data;
  useHistory(conversationID);
  // A phone shows the conversation alone, as in WeChat: no bottom tab bar.
  useHideTabBar();
  const selecting = useMessagesUi((s) => s.selecting);
  // The info panel and the history search belong to this chat: another chat starts without them.
  const [side, setSide] = useState<'info' | null>(null);
  const [searching, setSearching] = useState(false);
  useClearUnreadMark(conversationID, listed);
  const typing = useTyping(conversationID);
  const friends = useFriends();
  const official =
    isHelperConversation(conversationID) ||
    friends.data?.find((f) => f.wtId === peerOf(conversationID))?.isOfficial === 1;

  if (!conversation) return <div className="chat chat--empty" data-testid="chat-loading" />;
  const name = conversationName(conversation);
  const group = isGroupID(conversationID);
  // Removed, quit or dissolved: nobody left to call.
  const left = group && (conversation.state ?? 0) > 0;
  const composer = <Composer key={conversationID} conversation={conversation} />;
  return (
    <>
      <section className="chat" data-testid="chat" data-id={conversationID} aria-label={name}>
        <header className="chat__head">
          <button
            type="button"
            className="cv-icon-btn chat__back"
            aria-label={t('back')}
            data-testid="chat-back"
            onClick={onBack}
          >
            <BackIcon />
          </button>
          <h2 className="chat__title" data-testid="chat-title">
            {name}
          </h2>
          {official && (
            <span className="chat__official" data-testid="official-tag">
              {t('official')}
            </span>
          )}
          {typing && (
            <span className="chat__typing" data-testid="typing" aria-live="polite">
              {t('typing')}
            </span>
          )}
          <button
            type="button"
            className="cv-icon-btn chat__search"
            aria-label={t('chatInfo:search.open')}
            title={t('chatInfo:search.open')}
            aria-pressed={searching}
            data-testid="chat-search-open"
            onClick={() => setSearching((v) => !v)}
          >
            <SearchIcon />
          </button>
          {group && (
            <GroupHeaderExtras
              conversation={conversation}
              onOpenPanel={() => setSide(side ? null : 'info')}
            />
          )}
          {conversationID.startsWith('C2C') && !official && <CallButtons peerWtId={peerOf(conversationID)} />}
          {group && !left && <GroupCallHeader groupID={groupNumberOf(conversationID)} />}
          {!group && (
            <button
              type="button"
              className="cv-icon-btn chat__more"
              aria-label={t('chatInfo:open')}
              title={t('chatInfo:open')}
              aria-expanded={side === 'info'}
              data-testid="chat-info-open"
              onClick={() => setSide(side ? null : 'info')}
            >
              <MoreIcon />
            </button>
          )}
        </header>
        {searching && <ChatSearch conversationID={conversationID} onClose={() => setSearching(false)} />}
        {group && <GroupNoticeBar conversation={conversation} />}
        {group && !left && <GroupCallBanner groupID={groupNumberOf(conversationID)} />}
        <MessageList conversation={conversation} peerName={name} official={official} />
        <ChatForwardHost />
        {selecting ? (
          <SelectBar conversationID={conversationID} peerName={name} />
        ) : group ? (
          <GroupComposerGate conversation={conversation}>{composer}</GroupComposerGate>
        ) : (
          composer
        )}
      </section>
      {side === 'info' && (
        <ChatInfoPanel
          conversation={conversation}
          onClose={() => setSide(null)}
          onSearch={() => {
            setSide(null);
            setSearching(true);
          }}
        />
      )}
    </>
  );
}
