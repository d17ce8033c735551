import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PinnedMessage } from '@parley/protocol';
import { pinsApi, usePins, useSetPins } from './api';
import './pins.css';

function PinRow({
  p,
  onJump,
  onUnpin,
}: {
  p: PinnedMessage;
  onJump(msgId: string): void;
  onUnpin(p: PinnedMessage): void;
}) {
  const { t } = useTranslation('pins');
  return (
    <div className="pin-row" data-testid="pinned-item">
      <button
        type="button"
        className="pin-row__text"
        data-testid="pinned-jump"
        title={t('jump')}
        onClick={() => onJump(p.msgId)}
      >
        <span className="pin-row__who">{p.nickName}:</span> {p.msgContent}
      </button>
      <button
        type="button"
        className="cv-icon-btn pin-row__unpin"
        aria-label={t('unpin')}
        title={t('unpin')}
        data-testid="pinned-unpin"
        onClick={() => onUnpin(p)}
      >
        ×
      </button>
    </div>
  );
}

/** The pinned-message bar of a one-to-one chat: the latest pin, the rest behind a toggle; a click jumps. */
export function PinnedBar({
  conversationID,
  onJump,
}: {
  conversationID: string;
  onJump(msgId: string): void;
}) {
  const { t } = useTranslation('pins');
  const { data: pins = [] } = usePins(conversationID);
  const setPins = useSetPins();
  const [open, setOpen] = useState(false);
  if (pins.length === 0) return null;
  const unpin = async (p: PinnedMessage) => setPins(conversationID, await pinsApi.remove(p.id));
  const shown = open ? pins : pins.slice(0, 1);
  return (
    <div className="pin-bar" data-testid="pinned-bar" aria-label={t('bar')} role="region">
      <svg className="pin-bar__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path d="M14 3l7 7-3 1-4 4 1 5-2 1-4-5-5 5-1-1 5-5-5-4 1-2 5 1 4-4z" fill="currentColor" />
      </svg>
      <div className="pin-bar__list">
        {shown.map((p) => (
          <PinRow key={p.id} p={p} onJump={onJump} onUnpin={(x) => void unpin(x)} />
        ))}
      </div>
      {pins.length > 1 && (
        <button
          type="button"
          className="cv-link pin-bar__toggle"
          aria-expanded={open}
          data-testid="pinned-toggle"
          onClick={() => setOpen((v) => !v)}
        >
          {open ? t('collapse') : t('more', { count: pins.length })}
        </button>
      )}
    </div>
  );
}
