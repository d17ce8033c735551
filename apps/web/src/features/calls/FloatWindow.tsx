import { useTranslation } from 'react-i18next';
import { PHONE_QUERY, useMediaQuery } from '../../ui/useMediaQuery';
import { Btn, RemoteAudio, useRun, useTimer } from './call-ui';
import { callEngine } from './engine';
import { HangupIcon, MicIcon, MicOffIcon, PhoneIcon, RestoreIcon } from './icons';
import { useDraggable } from './useDraggable';
import { useCallPrefs } from './prefs';
import { fineState, useCallStore } from './store';
import { Video } from './Video';
import { GroupAudio, GroupFloatTile } from './GroupFloatParts';

/**
 * The minimized call, placed clear of the composer and its 发送 (below the chat header) and dragged
 * anywhere on the screen by pointer or touch. On a computer: a bar with the timer (or 等待接听), the microphone, hang up (or
 * reject) and restore. On a phone: a small box that restores the call when tapped — the other
 * side's video in a connected video call, else a phone icon with the green timer or 等待接听. The
 * other side's sound keeps playing in both.
 */
export function FloatWindow() {
  const { t } = useTranslation('calls');
  const s = useCallStore();
  const speaker = useCallPrefs((p) => p.devices.current.speaker);
  const timer = useTimer(s.connectedAt);
  const run = useRun();
  const phone = useMediaQuery(PHONE_QUERY);
  const drag = useDraggable();
  const connected = s.phase === 'connected';
  const group = s.groupID !== null;
  const videoBox = phone && connected && s.mediaType === 2 && (group || s.remoteStream !== null);
  // A group call's sound is everyone's; its picture is the focused or speaking tile.
  const sound = group ? <GroupAudio /> : !videoBox && <RemoteAudio />;
  const status = connected ? (
    <span className="call-float__timer" data-testid="call-float-timer">
      {timer}
    </span>
  ) : (
    <span data-testid="call-float-waiting">{t('waiting')}</span>
  );

  if (phone) {
    return (
      <div
        ref={drag.ref}
        className="call-float call-float--phone"
        data-testid="call-float"
        data-state={fineState(s)}
        {...drag.props}
      >
        <button
          type="button"
          className="call-float__restore"
          data-testid="call-restore"
          data-variant={videoBox ? 'video' : 'icon'}
          // Named with what it shows (the timer or 等待接听), so the visible text is part of the name.
          aria-label={`${t('btn.restore')} ${connected ? timer : t('waiting')}`}
          onClick={() => !drag.moved() && callEngine.restore()}
        >
          {videoBox && group ? (
            <GroupFloatTile big />
          ) : videoBox ? (
            <Video
              stream={s.remoteStream}
              muted={s.speakerMuted}
              fit="cover"
              sinkId={speaker}
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
    <div
      ref={drag.ref}
      className="call-float"
      data-testid="call-float"
      data-state={fineState(s)}
      {...drag.props}
    >
      <span className="call-float__grip" aria-hidden="true" />
      {group && connected && <GroupFloatTile big={false} />}
      <span className="call-float__text">{status}</span>
      <Btn
        id="float-mic"
        label={t('btn.mute')}
        icon={s.micOn ? <MicIcon size={20} /> : <MicOffIcon size={20} />}
        pressed={!s.micOn}
        onClick={() => (s.micOn ? callEngine.closeMicrophone() : callEngine.openMicrophone())}
      />
      <Btn
        id="float-hangup"
        label={!connected && s.role === 'callee' ? t('btn.reject') : t('btn.hangup')}
        icon={<HangupIcon size={20} />}
        tone="danger"
        onClick={() => run(() => callEngine.hangup())}
      />
      <Btn
        id="restore"
        label={t('btn.restore')}
        icon={<RestoreIcon size={20} />}
        onClick={callEngine.restore}
      />
      {sound}
    </div>
  );
}
