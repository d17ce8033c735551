import { useTranslation } from 'react-i18next';
import { PHONE_QUERY, useMediaQuery } from '../../ui/useMediaQuery';
import { Btn, RemoteAudio, useRun, useTimer } from './call-ui';
import { callEngine } from './engine';
import { PhoneIcon } from './icons';
import { fineState, useCallStore } from './store';
import { Video } from './Video';

/**
 * The minimized call. On a computer: a bar with the timer (or 等待接听), the microphone, hang up (or
 * reject) and restore. On a phone: a small box that restores the call when tapped — the other
 * side's video in a connected video call, else a phone icon with the green timer or 等待接听. The
 * other side's sound keeps playing in both.
 */
export function FloatWindow() {
  const { t } = useTranslation('calls');
  const s = useCallStore();
  const timer = useTimer(s.connectedAt);
  const run = useRun();
  const phone = useMediaQuery(PHONE_QUERY);
  const connected = s.phase === 'connected';
  const videoBox = phone && connected && s.mediaType === 2 && s.remoteStream !== null;
  const sound = !videoBox && <RemoteAudio />;
  const status = connected ? (
    <span className="call-float__timer" data-testid="call-float-timer">
      {timer}
    </span>
  ) : (
    <span data-testid="call-float-waiting">{t('waiting')}</span>
  );

  if (phone) {
    return (
      <div className="call-float call-float--phone" data-testid="call-float" data-state={fineState(s)}>
        <button
          type="button"
          className="call-float__restore"
          data-testid="call-restore"
          data-variant={videoBox ? 'video' : 'icon'}
          aria-label={t('btn.restore')}
          onClick={callEngine.restore}
        >
          {videoBox ? (
            <Video
              stream={s.remoteStream}
              muted={s.speakerMuted}
              fit="cover"
              sinkId={s.devices.current.speaker}
              testId="call-float-video"
              className="call-float__video"
            />
          ) : (
            <>
              <span className="call-float__icon" aria-hidden="true">
                <PhoneIcon size={22} />
              </span>
              {status}
            </>
          )}
        </button>
        {sound}
      </div>
    );
  }

  return (
    <div className="call-float" data-testid="call-float" data-state={fineState(s)}>
      <span className="call-float__text">{status}</span>
      <Btn
        id="float-mic"
        label={s.micOn ? t('btn.micOn') : t('btn.micOff')}
        on={s.micOn}
        onClick={() => (s.micOn ? callEngine.closeMicrophone() : callEngine.openMicrophone())}
      />
      <Btn
        id="float-hangup"
        label={!connected && s.role === 'callee' ? t('btn.reject') : t('btn.hangup')}
        danger
        onClick={() => run(() => callEngine.hangup())}
      />
      <Btn id="restore" label={t('btn.restore')} onClick={callEngine.restore} />
      {sound}
    </div>
  );
}
