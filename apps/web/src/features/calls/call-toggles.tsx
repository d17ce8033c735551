import { useTranslation } from 'react-i18next';
import { Btn, useRun } from './call-ui';
import { callEngine } from './engine';
import {
  CameraIcon,
  CameraOffIcon,
  HangupIcon,
  MicIcon,
  MicOffIcon,
  ShareScreenIcon,
  SpeakerIcon,
  SpeakerOffIcon,
} from './icons';
import { useCallStore } from './store';

/**
 * The microphone, speaker and camera switches of a call's controls, the same in one-to-one and group
 * calls: each is named by its action and says its state with `pressed`.
 */
export function MicToggle() {
  const { t } = useTranslation('calls');
  const on = useCallStore((s) => s.micOn);
  return (
    <Btn
      id="mic"
      label={t('btn.mute')}
      icon={on ? <MicIcon /> : <MicOffIcon />}
      pressed={!on}
      onClick={() => (on ? callEngine.closeMicrophone() : callEngine.openMicrophone())}
    />
  );
}

export function SpeakerToggle() {
  const { t } = useTranslation('calls');
  const muted = useCallStore((s) => s.speakerMuted);
  return (
    <Btn
      id="speaker"
      label={t('btn.muteSpeaker')}
      icon={muted ? <SpeakerOffIcon /> : <SpeakerIcon />}
      pressed={muted}
      onClick={() => (muted ? callEngine.unMuteSpeaker() : callEngine.muteSpeaker())}
    />
  );
}

export function CameraToggle() {
  const { t } = useTranslation('calls');
  const on = useCallStore((s) => s.cameraOn);
  return (
    <Btn
      id="camera"
      label={t('btn.cameraOff')}
      icon={on ? <CameraIcon /> : <CameraOffIcon />}
      pressed={!on}
      onClick={() => (on ? callEngine.closeCamera() : callEngine.openCamera())}
    />
  );
}

/** Share the screen, or stop sharing it (a group call's own tile; one-to-one: instead of the camera). */
export function ShareScreenToggle() {
  const { t } = useTranslation('calls');
  const sharing = useCallStore((s) => s.localScreen !== null);
  const run = useRun();
  return (
    <Btn
      id="share-screen"
      label={t('grid.shareScreen')}
      icon={<ShareScreenIcon />}
      pressed={sharing}
      onClick={() => run(() => (sharing ? callEngine.stopScreen() : callEngine.shareScreen()))}
    />
  );
}

/** The red hang-up button with its caption: `label` says whether it ends the call or leaves it. */
export function HangupButton({ label }: { label: string }) {
  const busy = useCallStore((s) => s.loading.hangup);
  const run = useRun();
  return (
    <Btn
      id="hangup"
      label={label}
      icon={<HangupIcon />}
      tone="danger"
      caption
      busy={busy}
      onClick={() => run(() => callEngine.hangup())}
    />
  );
}
