import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFriends, useUserConfig } from '../friends';
import { CALL_BUTTON_DEBOUNCE, callEngine } from './engine';
import { useRun } from './CallWindow';
import { PhoneIcon, VideoIcon } from './icons';

/**
 * Voice and video call buttons (chat header): shown only when the web media switch is on, for a
 * friend who is not an official account; clicks within 500 ms of the last one are ignored.
 */
export function CallButtons({ peerWtId }: { peerWtId: string }) {
  const { t } = useTranslation('calls');
  const friends = useFriends();
  const config = useUserConfig();
  const run = useRun();
  const last = useRef(0);
  const friend = friends.data?.find((f) => f.wtId === peerWtId);
  // The web media switch (user config) turns the call entries off.
  if (!friend || friend.isOfficial === 1 || config.data?.webMediaSwitch !== 1) return null;
  const start = (type: 1 | 2) => {
    const now = Date.now();
    if (now - last.current < CALL_BUTTON_DEBOUNCE) return;
    last.current = now;
    run(() =>
      callEngine.call(
        { wtId: friend.wtId, nickName: friend.remark || friend.nickName, avatar: friend.avatar },
        type,
      ),
    );
  };
  return (
    <span className="call-entry">
      <button
        type="button"
        className="cv-icon-btn"
        data-testid="call-voice"
        aria-label={t('voiceCall')}
        title={t('voiceCall')}
        onClick={() => start(1)}
      >
        <PhoneIcon />
      </button>
      <button
        type="button"
        className="cv-icon-btn"
        data-testid="call-video"
        aria-label={t('videoCall')}
        title={t('videoCall')}
        onClick={() => start(2)}
      >
        <VideoIcon />
      </button>
    </span>
  );
}
