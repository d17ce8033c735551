import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar';
import { Spinner } from '../../ui/Spinner';
import { useAbstract } from './abstract';
import { bubbleFor, customKind, customRenderers, systemLineFor } from './bubbles';
import { useUploads } from './composer-rich';
import { isMenuKey, useLongPress } from './ContextMenu';
import type { GroupMember } from '@parley/protocol';
import { SenderAvatar } from './group/SenderAvatar';
import { GroupReadMarker } from './group/GroupReadMarker';
import { FailIcon } from './icons';
import { TranslationPanel } from './translation';
import './translation/translation.css';
import type { ChatMessage } from './types';

export interface BubbleProps {
  m: ChatMessage;
  /** Display name of the other side (remark preferred). */
  peerName: string;
  peerAvatar: string;
  myAvatar: string;
  myName: string;
  /** One-to-one: own stored messages up to this sequence were read by the peer. */
  peerReadSequence: number;
  /** The helper conversation: no read markers. */
  official?: boolean;
  /** Shown under the bubble (the reactions). */
  below?: React.ReactNode;
  /** 重新编辑 is offered (merge.ts `canReedit`: the server's flag and the kept text). */
  canReedit: boolean;
  selecting: boolean;
  selected: boolean;
  blinking: boolean;
  onMenu(m: ChatMessage, el: HTMLElement, x?: number, y?: number): void;
  onResend(m: ChatMessage): void;
  onReedit(m: ChatMessage): void;
  onToggle(m: ChatMessage): void;
  onQuoteJump(messageID: string): void;
  /** Groups: the sender's name (remark > group nickname > nick), shown above others' bubbles. */
  senderName?: string;
  /** Groups: opens the Read/Unread panel of an own message. */
  onReceipt?(m: ChatMessage): void;
  /** Groups: the sender among the loaded members (their avatar opens the member popup). */
  member?: GroupMember;
  groupName?: string;
}

/** One message row: a system line (notice, revoked) or a bubble with avatar, status and read marker. */
export const MessageBubble = memo(function MessageBubble(p: BubbleProps) {
  const { t } = useTranslation('messages');
  const abstract = useAbstract();
  const { m } = p;
  const mine = m.flow === 'out';
  // A media message whose upload failed retries the upload (its bubble still holds the local file).
  const upload = useUploads((s) => s.byId[m.clientMsgId]);
  const press = useLongPress((x, y) => {
    const el = document.querySelector<HTMLElement>(`[data-bubble="${CSS.escape(m.ID)}"]`);
    if (el) p.onMenu(m, el, x, y);
  });

  if (m.isRevoked)
    return (
      <div className="msg-system" data-testid="revoked-line">
        {m.revoker && m.revoker !== m.from
          ? t('revoked.admin')
          : mine
            ? t('revoked.self')
            : t('revoked.other', { name: p.senderName ?? p.peerName })}
        {p.canReedit && (
          <button
            type="button"
            className="cv-link msg-reedit"
            data-testid="reedit"
            onClick={() => p.onReedit(m)}
          >
            {t('revoked.reedit')}
          </button>
        )}
      </div>
    );
  const SystemLine = systemLineFor(m);
  if (SystemLine)
    return (
      <div className="msg-system" data-testid="system-line" data-type={m.type}>
        <SystemLine m={m} mine={mine} />
      </div>
    );
  // Friend notices (a custom business ID without a bubble renderer of its own) are system lines.
  const kind = customKind(m);
  if (kind && !customRenderers[kind])
    return (
      <div className="msg-system" data-testid="system-notice">
        {abstract(m)}
      </div>
    );
  const Content = bubbleFor(m);

  const reply = m.cloudCustomData?.messageReply;
  const read =
    mine && m.status === 'success' && !m.hasRiskContent && (m.isPeerRead || m.sequence <= p.peerReadSequence);
  const group = p.senderName !== undefined || !!p.onReceipt;
  // No read receipts in the helper conversation (SPEC 5).
  const showRead =
    mine && m.status === 'success' && !m.hasRiskContent && m.type !== 'custom' && !group && !p.official;
  const openMenu = (e: React.MouseEvent<HTMLElement>) => {
    if (p.selecting) return;
    e.preventDefault();
    p.onMenu(m, e.currentTarget, e.clientX, e.clientY);
  };
  return (
    <div
      className={`msg-row${mine ? ' msg-row--mine' : ''}${p.selecting ? ' msg-row--selecting' : ''}`}
      data-testid="message"
      data-id={m.ID}
      data-status={m.status}
      onClick={p.selecting ? () => p.onToggle(m) : undefined}
    >
      {p.selecting && (
        <input
          type="checkbox"
          className="msg-check"
          checked={p.selected}
          onChange={() => p.onToggle(m)}
          onClick={(e) => e.stopPropagation()}
          aria-label={t('select.pick')}
          data-testid="message-check"
        />
      )}
      {group && !mine ? (
        <SenderAvatar
          wtId={m.from}
          name={p.senderName ?? m.nick}
          avatar={m.avatar}
          member={p.member}
          groupName={p.groupName ?? ''}
        />
      ) : (
        <Avatar
          src={mine ? p.myAvatar : p.peerAvatar || m.avatar}
          name={mine ? p.myName : p.peerName}
          size={36}
          decorative
        />
      )}
      <div className="msg-col">
        {group && !mine && (
          <span className="msg-sender" data-testid="message-sender">
            {p.senderName}
          </span>
        )}
        <div className="msg-line">
          {group && mine && p.onReceipt && m.status === 'success' && !m.hasRiskContent && (
            <GroupReadMarker m={m} onOpen={p.onReceipt} />
          )}
          {showRead && (
            <span className={`msg-read${read ? ' msg-read--done' : ''}`} data-testid="read-marker">
              {read ? t('read') : t('notRead')}
            </span>
          )}
          {mine && m.status === 'unSend' && (
            <span className="msg-status" data-testid="message-sending">
              <Spinner size={14} label={t('sending')} />
            </span>
          )}
          {mine && m.status === 'fail' && (
            <button
              type="button"
              className="msg-status msg-fail"
              data-testid="message-failed"
              aria-label={t('failed')}
              title={t('failed')}
              onClick={() => (upload ? upload.retry() : p.onResend(m))}
            >
              <FailIcon />
            </button>
          )}
          <div
            className={`msg-bubble msg-bubble--${m.type}${kind ? ` msg-bubble--${kind}` : ''}${p.blinking ? ' msg-bubble--blink' : ''}`}
            data-bubble={m.ID}
            data-type={kind || m.type}
            data-testid="bubble"
            // The list's roving focus makes one bubble the Tab stop (MessageList).
            tabIndex={-1}
            aria-haspopup="menu"
            onContextMenu={openMenu}
            onKeyDown={(e) => {
              if (!p.selecting && isMenuKey(e)) {
                e.preventDefault();
                p.onMenu(m, e.currentTarget);
              }
            }}
            {...press}
          >
            <Content m={m} mine={mine} />
          </div>
        </div>
        {reply && (
          <button
            type="button"
            className="msg-quote"
            data-testid="message-quote"
            title={t('quote.jump')}
            onClick={() => p.onQuoteJump(reply.messageID)}
          >
            {reply.messageSender}: {reply.messageAbstract}
          </button>
        )}
        <TranslationPanel messageID={m.ID} />
        {p.below}
      </div>
    </div>
  );
});
