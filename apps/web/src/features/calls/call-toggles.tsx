import { useTranslation } from 'react-i18next';
import { Btn } from './call-ui';
import { callEngine } from './engine';
import { CameraIcon, CameraOffIcon, MicIcon, MicOffIcon, SpeakerIcon, SpeakerOffIcon } from './icons';
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
