import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Call } from '@parley/protocol';
import { toast } from '../../ui/toast-store';
import { CallEngineError } from './engine';
import { hhmmss } from './format';
import { useCallPrefs } from './prefs';
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
        // An engine error without a text (the daily-limit dialog opened instead) shows nothing more.
        if (err instanceof CallEngineError) {
          if (err.key) toast.error(t(err.key, err.values));
        } else if (err instanceof Error && err.message) toast.error(err.message);
      });
  };
}

/**
 * A round call button with an icon, named by its action (`label`, also its tooltip); a switch says
 * whether it is on with `pressed` (aria-pressed), never by changing its name. `caption` shows the
 * name under the circle (answer, decline, hang up, as in WeChat).
 */
export function Btn({
  id,
  label,
  icon,
  pressed,
  onClick,
  tone,
  caption,
  busy,
}: {
  id: string;
  label: string;
  icon: ReactNode;
  pressed?: boolean;
  onClick(): void;
  tone?: 'danger' | 'accept';
  caption?: boolean;
  busy?: boolean;
}) {
  return (
    <span className={`call-btn-wrap${caption ? ' call-btn-wrap--caption' : ''}`}>
      <button
        type="button"
        data-testid={`call-${id}`}
        className={`call-btn${tone ? ` call-btn--${tone}` : ''}`}
        aria-label={label}
        title={label}
        aria-pressed={pressed}
        aria-busy={busy || undefined}
        onClick={() => !busy && onClick()}
      >
        {icon}
      </button>
      {caption && (
        <span className="call-btn__caption" aria-hidden="true">
          {label}
        </span>
      )}
    </span>
  );
}

/** The other side's sound, through a hidden element, where no video element plays it. */
export function RemoteAudio() {
  const stream = useCallStore((s) => s.remoteStream);
  const muted = useCallStore((s) => s.speakerMuted);
  const speaker = useCallPrefs((p) => p.devices.current.speaker);
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
