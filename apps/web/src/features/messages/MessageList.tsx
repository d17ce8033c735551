import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@parley/protocol';
import { useFormatTime } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { confirm } from '../../ui/confirm';
import { toast } from '../../ui/toast-store';
import { useRovingFocus } from '../../ui/useRovingFocus';
import { useVirtualRows } from '../../ui/useVirtualRows';
import { messageActions } from './actions';
import { ContextMenu, type MenuAnchor, type MenuItem } from './ContextMenu';
import { loadLatest, loadNewer, loadOlder } from './hooks';
import { canReedit, canRevoke, hasMenu } from './merge';
import { richMenuItems } from './composer-rich';
import { translationMenuItems } from './translation';
import { useGroupChat } from './group/useGroupChat';
import { MessageBubble } from './MessageBubble';
import { PinnedBar, pinMenuItem } from '../pins';
import { QUICK_EMOJI, ReactionBar, toggleReaction, useConversationReactions } from '../reactions';
import { useAbstract } from './abstract';
import { useReadOnView } from './read-on-view';
import { resend } from './send';
import { useConversationMessages, useChatStore } from './store';
import { buildRows, countsAsNew, type Row } from './timeline';
import { useMessagesUi } from './ui-store';
import { useJump } from './useJump';
import type { ChatMessage } from './types';

/** A menu opens below its message when the message is this close to the top of the list. */
export const MENU_FLIP_PX = 160;
const NEAR_BOTTOM_PX = 40;

/**
 * The message list: virtualized, 'load more' at the top keeping the reading position, time
 * separators, system lines, the scroll-to-latest button with its counter, menus and jumps. The
 * list is a window of the history (docs/decisions/046): away from the newest, reaching its end
 * loads the next newer page and the button goes back to the newest.
 */
export function MessageList({
  conversation,
  peerName,
  official = false,
}: {
  conversation: Conversation;
  peerName: string;
  /** The helper (official) conversation has no message menu. */
  official?: boolean;
}) {
  const { t, i18n } = useTranslation(['messages', 'forward', 'favorites', 'pins', 'reactions']);
  const abstract = useAbstract();
  const formatTime = useFormatTime();
  const id = conversation.conversationID;
  const held = useConversationMessages(id);
  const messages = useMemo(() => held?.messages ?? [], [held]);
  const rows = useMemo(() => buildRows(messages), [messages]);
  const user = useSession((s) => s.user);
  const originals = useChatStore((s) => s.originals);
  const ui = useMessagesUi();
  const gc = useGroupChat(id);
  useConversationReactions(id, messages);
  const [picker, setPicker] = useState<{ m: ChatMessage; anchor: MenuAnchor } | null>(null);

  const { scrollRef, virtualizer } = useVirtualRows<Row>({
    rows,
    size: (r) => (r?.kind === 'time' ? 34 : 64),
    key: (r, i) => r?.key ?? i,
    overscan: 10,
  });
  useReadOnView(scrollRef, id, conversation.unreadCount);
  const stick = useRef(true);
  // The reading position while older pages come in: the top row's key and how far the view is into
  // it. It holds (re-applied as rows are measured) until the user scrolls, so rows measured late
  // above it cannot move what they are reading.
  const anchor = useRef<{ key: string | number; delta: number } | null>(null);
  /** The rows' box inside the scroll element (below the 'load more' link, which comes and goes). */
  const rowsRef = useRef<HTMLDivElement>(null);
  // One Tab stop (the newest message until another is focused); arrows: messages, a bubble's controls.
  const roving = useRovingFocus<HTMLDivElement>('[data-testid="bubble"]', (el) => el.dataset.bubble ?? '', {
    start: 'last',
    row: '[data-testid="message"]',
  });
  const setRows = useCallback(
    (el: HTMLDivElement | null) => {
      rowsRef.current = el;
      roving.ref.current = el;
    },
    [roving.ref],
  );
  /** A jump placed the view: newer pages wait for the reader's own scrolling (wheel, touch, keys). */
  const jumped = useRef(false);
  /** The newest page is on its way (the jump to newest): the list keeps following the end. */
  const returning = useRef(false);
  /** Where the anchor last put the list: a scroll anywhere else (the user's, a jump) releases it. */
  const placedAt = useRef(0);
  const holdTopRow = useCallback(() => {
    const el = scrollRef.current;
    // A message row: time separators are rebuilt as older messages arrive (their keys can go).
    const top =
      el &&
      virtualizer.getVirtualItems().find((v) => v.end > el.scrollTop && rows[v.index]?.kind === 'message');
    const above = rowsRef.current?.offsetTop ?? 0;
    anchor.current = top
      ? { key: top.key as string | number, delta: el.scrollTop - above - top.start }
      : null;
    placedAt.current = el?.scrollTop ?? 0;
  }, [scrollRef, virtualizer, rows]);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const release = () => {
      anchor.current = null;
      jumped.current = false;
    };
    const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    for (const e of events) el.addEventListener(e, release, { passive: true });
    return () => {
      for (const e of events) el.removeEventListener(e, release);
    };
  }, [scrollRef]);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadingNewer = useRef(false);
  const reachesNewest = held?.reachesNewest ?? true;
  const [far, setFar] = useState(false);
  const [newCount, setNewCount] = useState(0);
  const lastKey = useRef<string | undefined>(undefined);

  const toBottom = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    stick.current = true;
    anchor.current = null;
    el.scrollTop = el.scrollHeight;
    setNewCount(0);
    setFar(false);
    // Away from the newest: its page replaces the window; the list follows it down as it lands.
    if (useChatStore.getState().byConv[id]?.reachesNewest !== false) return;
    returning.current = true;
    loadLatest(id, true)
      .catch(() => toast.error(t('loadFailed')))
      .finally(() => (returning.current = false));
  }, [scrollRef, id, t]);

  // New rows at the end: follow them when at the bottom (or when I sent it), else count them.
  useLayoutEffect(() => {
    const last = messages.at(-1);
    const key = last ? last.clientMsgId || last.ID : undefined;
    if (key === lastKey.current) return;
    const first = lastKey.current === undefined;
    lastKey.current = key;
    if (!last || first) return;
    if (last.flow === 'out' && last.status === 'unSend') {
      // Writing while reading far back: back to the newest, where it goes.
      if (!reachesNewest) toBottom();
      stick.current = true;
      anchor.current = null;
    } else if (!stick.current && reachesNewest && last.flow === 'in' && countsAsNew(last))
      setNewCount((n) => n + 1);
  }, [messages, reachesNewest, toBottom]);

  const total = virtualizer.getTotalSize();
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const held = anchor.current;
    if (held) {
      const index = rows.findIndex((r, i) => (r?.key ?? i) === held.key);
      const item = index >= 0 ? virtualizer.measurementsCache[index] : undefined;
      if (item) el.scrollTop = (rowsRef.current?.offsetTop ?? 0) + item.start + held.delta;
      placedAt.current = el.scrollTop;
    } else if (stick.current) el.scrollTop = el.scrollHeight;
  }, [total, rows, virtualizer, scrollRef]);

  const older = useCallback(async () => {
    const el = scrollRef.current;
    if (!el || loadingOlder || held?.isCompleted) return;
    setLoadingOlder(true);
    holdTopRow();
    stick.current = false;
    try {
      await loadOlder(id);
    } catch {
      anchor.current = null;
      toast.error(t('loadFailed'));
    } finally {
      setLoadingOlder(false);
    }
  }, [scrollRef, loadingOlder, held?.isCompleted, id, t, holdTopRow]);

  // The next newer page once the view nears the window's end, the reading position held.
  const newer = useCallback(async () => {
    if (loadingNewer.current) return;
    loadingNewer.current = true;
    holdTopRow();
    try {
      await loadNewer(id);
    } catch {
      anchor.current = null;
      toast.error(t('loadFailed'));
    } finally {
      loadingNewer.current = false;
    }
  }, [id, t, holdTopRow]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    if (anchor.current && Math.abs(el.scrollTop - placedAt.current) > 2) anchor.current = null;
    const gap = el.scrollHeight - el.scrollTop - el.clientHeight;
    stick.current = gap < NEAR_BOTTOM_PX && (reachesNewest || returning.current);
    if (stick.current) setNewCount(0);
    setFar(gap > el.clientHeight * 2);
    if (!reachesNewest && !jumped.current && gap < el.clientHeight) void newer();
  };

  const release = useCallback(() => {
    stick.current = false;
    anchor.current = null;
    jumped.current = true;
  }, []);
  const jump = useJump({ id, rows, virtualizer, holdTopRow, release });

  const [menu, setMenu] = useState<{ m: ChatMessage; anchor: MenuAnchor } | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);
  const onMenu = useCallback(
    (m: ChatMessage, el: HTMLElement, x?: number) => {
      if (official || !hasMenu(m) || m.status !== 'success') return;
      const r = el.getBoundingClientRect();
      const top = scrollRef.current?.getBoundingClientRect().top ?? 0;
      const below = r.top - top < MENU_FLIP_PX;
      setMenu({
        m,
        anchor: {
          x: x ?? r.left,
          y: below ? r.bottom + 4 : r.top - 4,
          above: !below,
          keyboard: x === undefined,
        },
      });
    },
    [scrollRef, official],
  );
  const menuItems = (m: ChatMessage): MenuItem[] => {
    const items: MenuItem[] = [];
    if (m.type === 'text')
      items.push({ key: 'copy', label: t('msgMenu.copy'), onSelect: () => void messageActions.copy(m) });
    if (canRevoke(m, Date.now()))
      items.push({
        key: 'revoke',
        label: t('msgMenu.revoke'),
        onSelect: () => void messageActions.revoke(m),
      });
    items.push(...gc.menuItems(m), ...translationMenuItems(m, t, i18n.language));
    items.push({ key: 'quote', label: t('msgMenu.quote'), onSelect: () => ui.setQuote(id, m) });
    const pin = pinMenuItem(m, abstract(m), t);
    if (pin) items.push(pin);
    if (m.can.react)
      items.push({
        key: 'reaction',
        label: t('reactions:menu'),
        onSelect: () => setPicker(menu && { m, anchor: menu.anchor }),
      });
    items.push(...richMenuItems(m, t));
    items.push({ key: 'select', label: t('msgMenu.select'), onSelect: () => ui.startSelect(m.ID) });
    if (m.can.delete)
      items.push({
        key: 'remove',
        label: t('msgMenu.remove'),
        danger: true,
        onSelect: () => void messageActions.remove(id, [m]),
      });
    return items;
  };

  const onResend = useCallback(
    async (m: ChatMessage) => {
      if (await confirm({ title: t('resendTitle'), confirmText: t('resend') })) void resend(m);
    },
    [t],
  );
  const onReedit = useCallback(
    (m: ChatMessage) => {
      const text = useChatStore.getState().originals.get(m.ID);
      if (text !== undefined) ui.reeditText(id, text);
    },
    [id, ui],
  );
  const onToggle = useCallback((m: ChatMessage) => ui.toggleSelected(m.ID), [ui]);

  useEffect(() => () => useMessagesUi.getState().endSelect(), [id]);

  const missed = held?.missed ?? 0;
  const showLatest = far || newCount > 0 || !reachesNewest;
  const latestCount = reachesNewest ? newCount : missed;
  return (
    <div className="msg-list-wrap">
      {!official && <PinnedBar conversationID={id} onJump={(mid) => void jump(mid)} />}
      <div
        className="msg-list"
        ref={scrollRef}
        onScroll={onScroll}
        data-testid="message-list"
        role="log"
        aria-label={t('chat')}
        // Focusable itself only while no message is (scrolling a list of system lines).
        tabIndex={messages.some((m) => !m.isRevoked) ? -1 : 0}
      >
        {held && !held.isCompleted && messages.length > 0 && (
          <div className="msg-more">
            <button
              type="button"
              className="cv-link"
              data-testid="load-more"
              disabled={loadingOlder}
              onClick={() => void older()}
            >
              {loadingOlder ? t('loading') : t('loadMore')}
            </button>
          </div>
        )}
        <div
          ref={setRows}
          {...roving.containerProps}
          style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
        >
          {virtualizer.getVirtualItems().map((v) => {
            const row = rows[v.index]!;
            return (
              <div
                key={v.key}
                data-index={v.index}
                ref={virtualizer.measureElement}
                data-seq={row.kind === 'message' ? row.message.sequence : undefined}
                className="msg-cell"
                style={{ transform: `translateY(${v.start}px)` }}
              >
                {row.kind === 'time' ? (
                  <div className="msg-time" data-testid="time-separator">
                    {formatTime(row.time, true)}
                  </div>
                ) : (
                  <MessageBubble
                    m={row.message}
                    peerName={peerName}
                    peerAvatar={conversation.userProfile?.avatar ?? ''}
                    myAvatar={user?.avatar ?? ''}
                    myName={user?.nickName ?? ''}
                    peerReadSequence={conversation.peerReadSequence}
                    official={official}
                    below={<ReactionBar conversationID={id} messageID={row.message.ID} />}
                    canReedit={canReedit(row.message, originals)}
                    selecting={ui.selecting}
                    selected={ui.selected.has(row.message.ID)}
                    blinking={ui.blinkID === row.message.ID}
                    onMenu={onMenu}
                    onResend={onResend}
                    onReedit={onReedit}
                    onToggle={onToggle}
                    onQuoteJump={(mid) => void jump(mid)}
                    senderName={gc.group ? gc.senderName(row.message) : undefined}
                    onReceipt={gc.group ? gc.onReceipt : undefined}
                    member={gc.group ? gc.memberOf(row.message) : undefined}
                    groupName={gc.groupName}
                  />
                )}
              </div>
            );
          })}
        </div>
      </div>
      {showLatest && (
        <button type="button" className="msg-latest" data-testid="scroll-latest" onClick={toBottom}>
          {latestCount > 0 ? t('newMessages', { count: latestCount }) : t('backToLatest')}
        </button>
      )}
      {gc.panel}
      {menu && (
        <ContextMenu
          anchor={menu.anchor}
          items={menuItems(menu.m)}
          label={t('msgMenu.label')}
          onClose={closeMenu}
          testId="message-menu"
        />
      )}
      {picker && (
        <ContextMenu
          anchor={picker.anchor}
          items={QUICK_EMOJI.map((e) => ({
            key: `react-${e}`,
            label: e,
            onSelect: () => void toggleReaction(id, picker.m.ID, e, true),
          }))}
          label={t('reactions:pick')}
          onClose={() => setPicker(null)}
          testId="reaction-picker"
        />
      )}
    </div>
  );
}
