import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui';
import { PHONE_QUERY, useMediaQuery } from '../../ui/useMediaQuery';
import { Btn, RemoteAudio, useRun, useTimer } from './call-ui';
import { CameraToggle, HangupButton, MicToggle, ShareScreenToggle, SpeakerToggle } from './call-toggles';
import { callEngine } from './engine';
import { FloatWindow } from './FloatWindow';
import { useCallPrefs } from './prefs';
import { fineState, useCallStore } from './store';
import { DeviceMenu } from './DeviceMenu';
import {
  BlurIcon,
  CameraOffIcon,
  FullscreenIcon,
  HangupIcon,
  MinimizeIcon,
  PhoneIcon,
  SparkleIcon,
  SwitchCameraIcon,
} from './icons';
import { Video } from './Video';
import { GroupCallWindow } from './GroupCallWindow';
import { InviteMore } from './GroupCallEntry';
import { useGroupInfo } from '../groups';

/**
 * The call window: incoming, dialing and connected views (waiting screen with the other party's
 * name and avatar, top bar with timer and minimize, big and small video, button panel), the float
 * window when minimized (FloatWindow.tsx), and the tip toast.
 */
export function CallWindow() {
  const { t } = useTranslation('calls');
  const s = useCallStore();
  const p = useCallPrefs();
  const timer = useTimer(s.connectedAt);
  const run = useRun();
  const phone = useMediaQuery(PHONE_QUERY);
  const win = useRef<HTMLDivElement>(null);
  // The call screen takes focus when it appears (a menu left open elsewhere closes with it).
  const shown = s.phase !== 'idle' && !s.minimized;
  useEffect(() => {
    if (shown) win.current?.focus();
  }, [shown]);
  const [inviting, setInviting] = useState(false);
  const group = useGroupInfo(s.groupID);
  if (s.phase === 'idle') {
    return s.tip ? (
      <div className="call-tip" role="status" data-testid="call-tip">
        {t(s.tip.key, s.tip.values)}
      </div>
    ) : null;
  }
  const peerName = s.peer?.nickName || s.peer?.wtId || '';
  const video = s.mediaType === 2;
  const connected = s.phase === 'connected';
  const state = fineState(s);

  if (s.minimized) return <FloatWindow />;
  const incoming = s.phase === 'calling' && s.role === 'callee';
  if (s.groupID !== null && !incoming)
    return (
      <>
        <GroupCallWindow invite={setInviting} />
        <InviteMore open={inviting} onClose={() => setInviting(false)} />
      </>
    );

  // The local view shows the blurred track while blur is on.
  const local = s.localPreview ?? s.localStream;
  const big = connected && video ? (s.bigView === 'remote' ? s.remoteStream : local) : local;
  const small = s.bigView === 'remote' ? local : s.remoteStream;
  // The other side's camera is off: its tile shows the avatar and the camera-off mark, not black.
  const remoteOff = connected && video && s.remoteCameraOff;
  const offTile = (where: 'big' | 'small') => (
    <div
      className={`call-camera-off call-camera-off--${where}`}
      data-testid="call-remote-camera-off"
      role="img"
      aria-label={t('remoteCameraOff', { name: peerName })}
    >
      <Avatar src={s.peer?.avatar} name={peerName} size={where === 'big' ? 96 : 48} decorative />
      <span className="call-camera-off__mark" aria-hidden="true">
        <CameraOffIcon size={where === 'big' ? 22 : 16} />
      </span>
    </div>
  );
  const groupName = group.data?.groupName || s.groupID || '';
  return (
    <div
      ref={win}
      tabIndex={-1}
      className="call-window"
      role="dialog"
      aria-modal="true"
      aria-label={t('title')}
      data-testid="call-window"
      data-state={state}
    >
      <div className="call-top">
        {connected && (
          <span className="call-timer" data-testid="call-timer">
            {timer}
          </span>
        )}
        {p.enableFloatWindow && (
          <Btn
            id="minimize"
            label={t('btn.minimize')}
            icon={<MinimizeIcon size={20} />}
            onClick={callEngine.minimize}
          />
        )}
        {/* Full screen is a computer's (a phone's call window fills the screen already). */}
        {!phone && (
          <Btn
            id="fullscreen"
            label={t('btn.fullscreen')}
            icon={<FullscreenIcon size={20} />}
            onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}
          />
        )}
      </div>
      {video && (
        <Video
          stream={big}
          muted={big === local || s.speakerMuted}
          fit={p.displayMode}
          sinkId={p.devices.current.speaker}
          testId={big === s.remoteStream ? 'call-remote-video' : 'call-local-video'}
          className="call-big"
        />
      )}
      {/* Remote audio always plays through its own element (audio calls have no big video). */}
      {!video && <RemoteAudio />}
      {remoteOff && s.bigView === 'remote' && offTile('big')}
      {remoteOff && s.bigView !== 'remote' && offTile('small')}
      {connected && video && small && (
        <Video
          stream={small}
          muted={small === local || s.speakerMuted}
          fit={p.displayMode}
          sinkId={p.devices.current.speaker}
          testId={small === s.remoteStream ? 'call-remote-video' : 'call-local-video'}
          className="call-small"
          onClick={callEngine.swapViews}
        />
      )}
      {(!connected || !video) && (
        <div className="call-waiting" data-testid="call-waiting">
          <Avatar src={s.peer?.avatar} name={peerName} size={96} />
          <div className="call-waiting__name" data-testid="call-peer-name">
            {peerName}
          </div>
          <div className="call-waiting__text">
            {connected
              ? timer
              : s.role !== 'callee'
                ? t('waitingAnswer')
                : s.groupID !== null
                  ? t(video ? 'grid.invitedVideo' : 'grid.invitedVoice')
                  : t(video ? 'invitedVideo' : 'invitedVoice')}
          </div>
          {s.groupID !== null && (
            <div className="call-waiting__group" data-testid="call-group-name">
              {groupName}
            </div>
          )}
        </div>
      )}
      <div
        className="call-stats"
        data-testid="call-stats"
        data-frames-decoded={s.framesDecoded}
        data-ice-restarts={s.iceRestarts}
        data-quality={s.networkQuality.remote}
        data-link={s.linkState}
        data-route={s.route}
        data-ai-voice={s.aiVoiceActive ? 'on' : 'off'}
        data-blur={s.blurActive ? 'on' : 'off'}
      />
      {s.tip && (
        <div className="call-tip call-tip--inside" role="status" data-testid="call-tip">
          {t(s.tip.key, s.tip.values)}
        </div>
      )}
      <div className={`call-panel${incoming ? ' call-panel--incoming' : ''}`}>
        {incoming ? (
          <>
            <Btn
              id="reject"
              label={t('btn.reject')}
              icon={<HangupIcon />}
              tone="danger"
              caption
              onClick={() => run(() => callEngine.reject())}
            />
            <Btn
              id="accept"
              label={t('btn.accept')}
              icon={<PhoneIcon size={28} />}
              tone="accept"
              caption
              busy={s.loading.accept}
              onClick={() => run(() => callEngine.accept())}
            />
          </>
        ) : (
          <>
            <MicToggle />
            {connected && (
              <Btn
                id="ai-voice"
                label={t('btn.aiVoice')}
                icon={<SparkleIcon />}
                pressed={p.aiVoice}
                onClick={() => run(() => callEngine.enableAIVoice(!p.aiVoice))}
              />
            )}
            {connected && <SpeakerToggle />}
            {video && <CameraToggle />}
            {connected && video && (
              <Btn
                id="blur"
                label={t('btn.blur')}
                icon={<BlurIcon />}
                pressed={s.blur === 3}
                busy={s.loading.camera}
                onClick={() => s.cameraOn && run(() => callEngine.setBlurBackground(s.blur === 3 ? 0 : 3))}
              />
            )}
            {video && (
              <Btn
                id="switch-camera"
                label={t('btn.switchCamera')}
                icon={<SwitchCameraIcon />}
                onClick={() => s.cameraOn && run(() => callEngine.switchCamera())}
              />
            )}
            {connected && video && (
              <Btn
                id="to-audio"
                label={t('btn.toAudio')}
                icon={<PhoneIcon size={24} />}
                busy={s.loading.switch}
                onClick={() => run(() => callEngine.switchCallMediaType(1))}
              />
            )}
            {connected && video && !phone && <ShareScreenToggle />}
            {/* Picking devices from a list is a computer's; a phone switches its camera. */}
            {connected && !phone && <DeviceMenu />}
            <HangupButton label={t('btn.hangup')} />
          </>
        )}
      </div>
    </div>
  );
}

export { useRun } from './call-ui';
