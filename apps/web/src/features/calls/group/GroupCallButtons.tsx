import { useRef, useState } from 'react';
import { Call as CallConst } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { useUserConfig } from '../../friends';
import { PhoneIcon, VideoIcon } from '../icons';
import { InvitePicker } from './InvitePicker';

export interface GroupCallButtonsProps {
  groupID: string;
  /** Starts the call with the picked members (the call engine's groupCall). */
  start(type: 1 | 2, userIDList: string[]): Promise<void>;
}

/**
 * Group voice and video call buttons (group chat header), shown when the web media switch is on:
 * each opens the invite picker for its media type; clicks within 500 ms of the last one are ignored.
 */
export function GroupCallButtons({ groupID, start }: GroupCallButtonsProps) {
  const { t } = useTranslation('calls');
  const config = useUserConfig();
  const last = useRef(Number.NEGATIVE_INFINITY);
  const [picking, setPicking] = useState<1 | 2 | null>(null);
  const [type, setType] = useState<1 | 2>(1);
  // The web media switch (user config) turns the call entries off.
  if (config.data?.webMediaSwitch !== 1) return null;
  const open = (next: 1 | 2) => {
    const now = Date.now();
    if (now - last.current < CallConst.buttonDebounce) return;
    last.current = now;
    setType(next);
    setPicking(next);
  };
  const done = (userIDList: string[]) => {
    setPicking(null);
    // The engine tells its own failures (a call already in the group, the daily limit …).
    start(type, userIDList).catch(() => undefined);
  };
  return (
    <span className="call-entry">
      <button
        type="button"
        className="cv-icon-btn"
        data-testid="group-call-voice"
        aria-label={t('groupCall.voice')}
        title={t('groupCall.voice')}
        onClick={() => open(1)}
      >
        <PhoneIcon />
      </button>
      <button
        type="button"
        className="cv-icon-btn"
        data-testid="group-call-video"
        aria-label={t('groupCall.video')}
        title={t('groupCall.video')}
        onClick={() => open(2)}
      >
        <VideoIcon />
      </button>
      <InvitePicker
        open={picking !== null}
        mediaType={type}
        groupID={groupID}
        disabledIds={NONE}
        onCancel={() => setPicking(null)}
        onDone={done}
      />
    </span>
  );
}

const NONE: readonly string[] = [];
