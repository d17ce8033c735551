import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Call } from '@parley/protocol';
import { toast } from '../../ui/toast-store';
import { CallEngineError } from './engine';
import { hhmmss } from './format';
import { useCallStore } from './store';
import { Video } from './Video';

export function useTimer(connectedAt: number | null): string {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (connectedAt === null) return;
    const t = setInterval(() => setNow(Date.now()), Call.timerTick);
    return () => clearInterval(t);
  }, [connectedAt]);
  return connectedAt === null ? '' : hhmmss((now - connectedAt) / 1000);
}

/** Runs an engine operation; its error shows as a toast in the UI language. */
export function useRun() {
  const { t } = useTranslation('calls');
  return (op: () => Promise<unknown> | unknown) => {
    Promise.resolve()
      .then(op)
      .catch((err: unknown) => {
        if (err instanceof CallEngineError) toast.error(t(err.key));
        else if (err instanceof Error && err.message) toast.error(err.message);
      });
  };
}

export function Btn({
  id,
  label,
  on,
  onClick,
  danger,
  accept,
  busy,
}: {
  id: string;
  label: string;
  on?: boolean;
  onClick(): void;
  danger?: boolean;
  accept?: boolean;
  busy?: boolean;
}) {
  return (
    <button
      type="button"
      data-testid={`call-${id}`}
      className={`call-btn${danger ? ' call-btn--danger' : ''}${accept ? ' call-btn--accept' : ''}${on === false ? ' call-btn--off' : ''}`}
      aria-pressed={on}
      aria-busy={busy || undefined}
      onClick={() => !busy && onClick()}
    >
      <span className="call-btn__label">{label}</span>
    </button>
  );
}

/** The other side's sound, through a hidden element, where no video element plays it. */
export function RemoteAudio() {
  const stream = useCallStore((s) => s.remoteStream);
  const muted = useCallStore((s) => s.speakerMuted);
  const speaker = useCallStore((s) => s.devices.current.speaker);
  if (!stream) return null;
  return (
    <Video
      stream={stream}
      muted={muted}
      fit="cover"
      sinkId={speaker}
      testId="call-remote-audio"
      className="call-hidden"
    />
  );
}
