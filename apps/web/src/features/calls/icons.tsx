/** Phone and camera glyphs of the call buttons and cards. */
export function PhoneIcon({ size = 20 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1C10.6 21 3 13.4 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1l-2.3 2.2Z"
      />
    </svg>
  );
}

export function VideoIcon({ size = 20 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path
        fill="currentColor"
        d="M17 10.5V7c0-.6-.4-1-1-1H4c-.6 0-1 .4-1 1v10c0 .6.4 1 1 1h12c.6 0 1-.4 1-1v-3.5l4 4v-11l-4 4Z"
      />
    </svg>
  );
}

/** Line glyphs of the call window's buttons (24×24 strokes), one per action. */
const line = (d: string) =>
  function LineIcon({ size = 26 }: { size?: number }) {
    return (
      <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
        <path
          d={d}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    );
  };

const MIC = 'M12 3a3 3 0 0 1 3 3v6a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3zM5 11a7 7 0 0 0 14 0M12 18v3';
const CAMERA = 'M3 7h12v10H3zM15 11l6-3v8l-6-3';
const SPEAKER = 'M4 9h4l5-4v14l-5-4H4zM16.5 9a4 4 0 0 1 0 6M19 6.5a8 8 0 0 1 0 11';
const SLASH = 'M3 3l18 18';
export const MicIcon = line(MIC);
export const MicOffIcon = line(`${MIC}${SLASH}`);
export const CameraIcon = line(CAMERA);
export const CameraOffIcon = line(`${CAMERA}${SLASH}`);
export const SpeakerIcon = line(SPEAKER);
export const SpeakerOffIcon = line(`${SPEAKER}${SLASH}`);
export const BlurIcon = line('M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 3v18M12 7h5M12 11h7M12 15h6M12 19h3');
export const SparkleIcon = line(
  'M12 3l2.2 5.3L19.5 10.5l-5.3 2.2L12 18l-2.2-5.3L4.5 10.5l5.3-2.2zM19 16v4M17 18h4',
);
export const SwitchCameraIcon = line(
  'M4 8h3l2-2.5h6L17 8h3v11H4zM9 13.5a3 3 0 0 0 5.6 1M15 12.5a3 3 0 0 0-5.6-1M14.6 16.5v-2h-2M9.4 9.5v2h2',
);
export const SettingsIcon = line(
  'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1',
);
export const MinimizeIcon = line('M10 4v6H4M14 20v-6h6M4 10l6-6M20 14l-6 6');
export const FullscreenIcon = line('M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5');
export const RestoreIcon = line('M4 9V4h5M20 15v5h-5M4 4l6 6M20 20l-6-6');

/** The handset turned down: hang up and decline. */
export function HangupIcon({ size = 28 }: { size?: number }) {
  return (
    <span style={{ display: 'inline-flex', transform: 'rotate(135deg)' }}>
      <PhoneIcon size={size} />
    </span>
  );
}
export const ShareScreenIcon = line('M3 5h18v12H3zM8 21h8M12 17v4M12 14V8M9 11l3-3 3 3');
export const InviteIcon = line('M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M19 8v6M16 11h6');
export const ChevronUpIcon = line('M6 15l6-6 6 6');
export const ChevronDownIcon = line('M6 9l6 6 6-6');
