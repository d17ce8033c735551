import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@parley/protocol';
import { call } from '../../lib/api';
import { socket } from '../../lib/realtime';
import { usePendingCaret } from '../../lib/usePendingCaret';
import { abstractOf, sendText } from './send';
import { FileChips, RichToolbar, sendChips, takeFiles, useHasChips } from './composer-rich';
import { EmojiPicker } from './EmojiPicker';
import { QuickPhrasesButton, useQuickPhrasesEnabled } from '../quick-phrases';
import { helperApi, HelperFaqButton, isHelperConversation } from '../helper';
import { refusedLocally } from './local-review';
import { useMention } from './group/useMention';
import { CloseIcon } from './icons';
import { useChatStore } from './store';
import { useMessagesUi } from './ui-store';

/** A typing frame at most this often while the box is focused and not empty. */
export const TYPING_EVERY_MS = 3000;
const DRAFT_SAVE_MS = 800;
/** What the composer held when it last closed, per conversation (this tab only). */
const localDrafts = new Map<string, string>();

type DraftState = { text: string; quoteID: string };

function saveDraft(conversationID: string, d: DraftState, quoteType?: string) {
  const empty = !d.text.trim() && !d.quoteID;
  return call(
    'conversations',
    'draft',
    {
      conversationID,
      draft: empty
        ? null
        : {
            html: d.text,
            abstract: d.text.slice(0, 100),
            ...(d.quoteID ? { messageID: d.quoteID, type: quoteType ?? 'text' } : {}),
          },
    },
    { silent: true },
  ).catch(() => {});
}

/**
 * The composer: Enter sends, Ctrl+Enter adds a line, emoji, the quote bar, typing frames, and the
 * draft kept on the server (saved while writing and when switching away, restored on return).
 */
export function Composer({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('messages');
  const id = conversation.conversationID;
  // This tab's own last words in the conversation win over the server's copy, which may still be on its way.
  const [text, setText] = useState(() => localDrafts.get(id) ?? conversation.draft?.html ?? '');
  const dirty = useRef(localDrafts.has(id));
  const quote = useMessagesUi((s) => s.quote[id]);
  const setQuote = useMessagesUi((s) => s.setQuote);
  const reedit = useMessagesUi((s) => s.reedit);
  const box = useRef<HTMLTextAreaElement>(null);
  const focused = useRef(false);
  const lastTyping = useRef(0);
  const saved = useRef<DraftState>({
    text: conversation.draft?.html ?? '',
    quoteID: conversation.draft?.messageID ?? '',
  });
  const current = useRef<DraftState>(saved.current);
  current.current = { text, quoteID: quote?.ID ?? '' };

  // The server's draft arrived after opening (a reload paints from the device first): adopt it if untouched.
  const serverDraft = conversation.draft?.html ?? '';
  useEffect(() => {
    if (dirty.current || !serverDraft) return;
    setText(serverDraft);
    saved.current = { text: serverDraft, quoteID: conversation.draft?.messageID ?? '' };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverDraft]);

  // Restore a quoted draft's message once the history holds it.
  useEffect(() => {
    const qid = conversation.draft?.messageID;
    if (!qid || useMessagesUi.getState().quote[id]) return;
    const find = () => useChatStore.getState().byConv[id]?.messages.find((m) => m.ID === qid);
    const hit = find();
    if (hit) return setQuote(id, hit);
    const unsub = useChatStore.subscribe(() => {
      const m = find();
      if (m) {
        setQuote(id, m);
        unsub();
      }
    });
    return unsub;
    // Only when opening the conversation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  // 重新编辑 puts a revoked text back.
  useEffect(() => {
    if (reedit && reedit.conversationID === id) {
      dirty.current = true;
      setText(reedit.text);
      box.current?.focus();
    }
  }, [reedit, id]);

  // Save the draft while writing (so a reload finds it) and when leaving the conversation.
  useEffect(() => {
    const d = current.current;
    if (d.text === saved.current.text && d.quoteID === saved.current.quoteID) return;
    const timer = setTimeout(() => {
      saved.current = d;
      void saveDraft(id, d, quote?.type);
    }, DRAFT_SAVE_MS);
    return () => clearTimeout(timer);
  }, [text, quote, id]);
  useEffect(
    () => () => {
      const d = current.current;
      localDrafts.set(id, d.text);
      if (d.text !== saved.current.text || d.quoteID !== saved.current.quoteID) void saveDraft(id, d);
    },
    [id],
  );

  const typing = (value: string) => {
    const now = Date.now();
    if (
      !value.trim() ||
      !focused.current ||
      now - lastTyping.current < TYPING_EVERY_MS ||
      socket.status !== 'open'
    )
      return;
    lastTyping.current = now;
    void socket.send('typing', { conversationID: id }).catch(() => {});
  };

  const helper = isHelperConversation(id);
  const phrasesOn = useQuickPhrasesEnabled(conversation.type === 'C2C' && !helper);
  const placeCaret = usePendingCaret(box);
  const mention = useMention(id, text, setText, box, placeCaret);
  const hasChips = useHasChips(id);
  const send = () => {
    const value = text;
    // Pasted or dropped files waiting as chips go first, with or without text.
    sendChips(id);
    if (!value.trim()) return;
    // Refused by the local review list: the text and the quote stay for the writer to change.
    if (refusedLocally(value)) return;
    const atUserList = mention.take(value);
    const q = quote;
    setText('');
    lastTyping.current = 0;
    // The quote goes with this message; it is cleared whether the send succeeds or fails.
    setQuote(id, undefined);
    saved.current = { text: '', quoteID: '' };
    if (conversation.draft) void saveDraft(id, saved.current);
    // The helper answers a typed question by keyword; both messages arrive as pushes.
    if (helper) return void helperApi.keyWord(value.trim()).catch(() => setText(value));
    void sendText(id, value, q, undefined, atUserList.length ? { atUserList } : {});
  };

  const insert = (s: string) => {
    const el = box.current;
    if (!el) return setText((v) => v + s);
    const start = el.selectionStart ?? text.length;
    const end = el.selectionEnd ?? text.length;
    const next = text.slice(0, start) + s + text.slice(end);
    setText(next);
    placeCaret(next, start + s.length);
  };

  return (
    <div
      className="composer"
      data-testid="composer"
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) e.preventDefault();
      }}
      onDrop={(e) => {
        if (takeFiles(id, e.dataTransfer.files)) e.preventDefault();
      }}
    >
      <div className="composer__tools">
        <EmojiPicker onPick={insert} />
        {helper ? (
          <HelperFaqButton />
        ) : (
          <RichToolbar
            conversationID={id}
            extra={phrasesOn && <QuickPhrasesButton onPick={(word) => insert(word)} />}
          />
        )}
      </div>
      <FileChips conversationID={id} />
      {quote && (
        <div className="composer__quote" data-testid="quote-bar">
          <span className="composer__quote-text">
            {quote.nick || quote.from}: {abstractOf(quote)}
          </span>
          <button
            type="button"
            className="cv-icon-btn"
            aria-label={t('quote.cancel')}
            data-testid="quote-cancel"
            onClick={() => setQuote(id, undefined)}
          >
            <CloseIcon />
          </button>
        </div>
      )}
      {mention.list}
      <textarea
        ref={box}
        className="composer__input"
        value={text}
        aria-label={t('composer.label')}
        data-testid="composer-input"
        onChange={(e) => {
          dirty.current = true;
          setText(e.target.value);
          typing(e.target.value);
          mention.onInput(e.target.value, e.target.selectionStart ?? e.target.value.length);
        }}
        onPaste={(e) => {
          if (takeFiles(id, e.clipboardData?.files)) e.preventDefault();
        }}
        onFocus={() => {
          focused.current = true;
          typing(text);
        }}
        onBlur={() => {
          focused.current = false;
        }}
        onKeyDown={(e) => {
          if (mention.onKeyDown(e)) return;
          if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
          if (e.ctrlKey || e.metaKey) {
            e.preventDefault();
            insert('\n');
          } else if (!e.shiftKey) {
            e.preventDefault();
            send();
          }
        }}
      />
      <div className="composer__foot">
        <span className="composer__hint">{t('composer.hint')}</span>
        <button
          type="button"
          className="btn btn--primary composer__send"
          data-testid="composer-send"
          disabled={!text.trim() && !hasChips}
          onClick={send}
        >
          {t('composer.send')}
        </button>
      </div>
    </div>
  );
}
