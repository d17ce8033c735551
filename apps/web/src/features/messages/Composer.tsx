import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chat, type Conversation } from '@parley/protocol';
import { socket } from '../../lib/realtime';
import { usePendingCaret } from '../../lib/usePendingCaret';
import { abstractOf, sendText } from './send';
import { PHONE_QUERY, useMediaQuery } from '../../ui/useMediaQuery';
import { useRovingFocus } from '../../ui/useRovingFocus';
import { RichToolbar, SendPreview, takeFiles } from './composer-rich';
import { EmojiPicker } from './EmojiPicker';
import { QuickPhrasesButton, useQuickPhrasesEnabled } from '../quick-phrases';
import { helperApi, HelperFaqButton, isHelperConversation } from '../helper';
import { refusedLocally } from './local-review';
import { useMention } from './group/useMention';
import { CloseIcon, PlusIcon } from './icons';
import { localDrafts, saveDraft, type DraftState } from './drafts';
import { useChatStore } from './store';
import { conversationName } from './types';
import { useMessagesUi } from './ui-store';

/** A typing frame at most this often while the box is focused and not empty. */
const DRAFT_SAVE_MS = 800;
/** Phones: the box grows with its text up to this height, then scrolls. */
const PHONE_MAX_INPUT_PX = 120;

/**
 * The composer: Enter sends, Ctrl+Enter adds a line, emoji, the quote bar, typing frames, and the
 * draft kept on the server (saved while writing and when switching away, restored on return).
 * Files pasted, dropped or picked wait in the send preview. On a phone it is one row as in WeChat:
 * a full-width box that grows to a few lines, the emoji button, and "+" (the toolbar below it)
 * that becomes 发送 once there is text. It takes focus when the chat opens and when a quote is set.
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

  // Opening the chat and 引用 put the caret in the box.
  useEffect(() => {
    box.current?.focus({ preventScroll: true });
  }, [quote?.ID]);

  // 重新编辑 puts a revoked text back, once: from then on it is the composer's text like any other.
  useEffect(() => {
    if (reedit && reedit.conversationID === id) {
      dirty.current = true;
      setText(reedit.text);
      useMessagesUi.getState().takeReedit(id);
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
      now - lastTyping.current < Chat.typingEveryMs ||
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
  const phone = useMediaQuery(PHONE_QUERY);
  const [toolsOpen, setToolsOpen] = useState(false);
  const toolsId = useId();
  // The toolbar is one Tab stop; ArrowLeft/ArrowRight move between its buttons.
  const toolbar = useRovingFocus<HTMLDivElement>(
    'button',
    (el) => el.dataset.testid ?? el.getAttribute('aria-label') ?? '',
    { orientation: 'horizontal' },
  );
  // Phones: the box is as tall as its text (one line to a few), never a fixed square.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (!phone) {
      el.style.height = '';
      return;
    }
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, PHONE_MAX_INPUT_PX)}px`;
  }, [text, phone]);
  const send = () => {
    const value = text;
    if (!value.trim()) return;
    // Refused by the local review list: the text and the quote stay for the writer to change.
    if (refusedLocally(value)) return;
    const atUserList = mention.take(value);
    const q = quote;
    setText('');
    lastTyping.current = 0;
    // The quote goes with this message; it is cleared whether the send succeeds or fails.
    setQuote(id, undefined);
    // Sending clears the draft (also one saved a moment ago that the list does not show yet).
    const hadDraft = !!conversation.draft || !!saved.current.text || !!saved.current.quoteID;
    saved.current = { text: '', quoteID: '' };
    if (hadDraft) void saveDraft(id, saved.current);
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

  const hasText = !!text.trim();
  const emoji = <EmojiPicker onPick={insert} />;
  const tools = (
    <div
      ref={toolbar.ref}
      {...toolbar.containerProps}
      className="composer__tools"
      id={toolsId}
      role="toolbar"
      aria-label={t('composer.tools')}
      hidden={phone && !toolsOpen}
      data-testid="composer-tools"
    >
      {!phone && emoji}
      {helper ? (
        <HelperFaqButton />
      ) : (
        <RichToolbar
          conversationID={id}
          extra={phrasesOn && <QuickPhrasesButton onPick={(word) => insert(word)} />}
        />
      )}
    </div>
  );
  const sendButton = (
    <button
      type="button"
      className="btn btn--primary composer__send"
      data-testid="composer-send"
      disabled={!hasText}
      onClick={send}
    >
      {t('composer.send')}
    </button>
  );
  return (
    <div
      className={`composer${phone ? ' composer--phone' : ''}`}
      data-testid="composer"
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) e.preventDefault();
      }}
      onDrop={(e) => {
        if (takeFiles(id, e.dataTransfer.files)) e.preventDefault();
      }}
    >
      {!phone && tools}
      <SendPreview conversationID={id} to={conversationName(conversation)} />
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
      <div className="composer__row">
        <textarea
          ref={box}
          className="composer__input"
          value={text}
          rows={1}
          aria-label={t('composer.label')}
          data-testid="composer-input"
          data-skip-target=""
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
        {phone && emoji}
        {phone &&
          (hasText ? (
            sendButton
          ) : (
            <button
              type="button"
              className="cv-icon-btn composer__more"
              aria-label={toolsOpen ? t('composer.moreClose') : t('composer.more')}
              aria-expanded={toolsOpen}
              aria-controls={toolsId}
              data-testid="composer-more"
              onClick={() => setToolsOpen((o) => !o)}
            >
              <PlusIcon />
            </button>
          ))}
      </div>
      {phone && tools}
      {!phone && (
        <div className="composer__foot">
          <span className="composer__hint">{t('composer.hint')}</span>
          {sendButton}
        </div>
      )}
    </div>
  );
}
