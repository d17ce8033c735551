import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui';
import { CameraOffIcon, MicOffIcon } from './icons';
import { Video } from './Video';

/** One person (or one screen) of the group-call grid, as the grid draws it. */
export interface TileModel {
  /** `wtId`, or `wtId:screen` for a screen share. */
  key: string;
  name: string;
  avatar: string;
  video: MediaStream | null;
  audio: MediaStream | null;
  micOn: boolean;
  cameraOn: boolean;
  /** 1 (best) … 6 (down). */
  quality: number;
  speaking: boolean;
  local: boolean;
  screen: boolean;
  /** A video call (an audio call's tiles show avatars without a camera-off mark). */
  videoCall: boolean;
  /** Invited, not answered yet. */
  ringing: boolean;
  frames: number;
  audioPackets: number;
}

const BARS = [1, 2, 3];
/** Bars lit for a 1–6 quality: 3 good, 2 fair, 1 poor, 0 down. */
export const barsOf = (q: number) => (q <= 2 ? 3 : q === 3 ? 2 : q <= 5 ? 1 : 0);

/**
 * A tile: the video (or the avatar with a camera-off mark), the name with the microphone state and
 * the network bars, a ring while speaking. Click or Enter focuses it; again returns to the grid.
 */
export function GroupTile({
  tile,
  focused,
  fit,
  speakerMuted,
  sinkId,
  onFocus,
}: {
  tile: TileModel;
  focused: boolean;
  fit: string;
  speakerMuted: boolean;
  sinkId?: string;
  onFocus(key: string): void;
}) {
  const { t } = useTranslation('calls');
  const showVideo = tile.video !== null && (tile.cameraOn || tile.screen);
  const bars = barsOf(tile.quality);
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    onFocus(tile.key);
  };
  const label = tile.screen ? t('grid.screenOf', { name: tile.name }) : tile.name;
  return (
    <div
      role="button"
      tabIndex={0}
      className={`gcall-tile${focused ? ' gcall-tile--focused' : ''}${tile.speaking ? ' gcall-tile--speaking' : ''}`}
      data-testid={`gcall-tile-${tile.key}`}
      data-speaking={tile.speaking ? 'on' : 'off'}
      data-mic={tile.micOn ? 'on' : 'off'}
      data-camera={tile.cameraOn ? 'on' : 'off'}
      data-quality={tile.quality}
      data-frames={tile.frames}
      data-audio-packets={tile.audioPackets}
      data-ringing={tile.ringing ? 'on' : 'off'}
      aria-pressed={focused}
      aria-label={`${label}${tile.ringing ? ` · ${t('waiting')}` : ''}`}
      onClick={() => onFocus(tile.key)}
      onKeyDown={onKey}
    >
      {showVideo ? (
        <Video
          stream={tile.video}
          muted
          fit={tile.screen ? 'contain' : fit}
          testId={`gcall-video-${tile.key}`}
          className={`gcall-tile__video${tile.local && !tile.screen ? ' gcall-tile__video--mirror' : ''}`}
        />
      ) : (
        <div className="gcall-tile__off">
          <Avatar src={tile.avatar} name={tile.name} size={focused ? 96 : 56} decorative />
          {!tile.ringing && tile.videoCall && !tile.cameraOn && (
            <span className="gcall-tile__mark" aria-hidden="true">
              <CameraOffIcon size={14} />
            </span>
          )}
          {tile.ringing && <span className="gcall-tile__ringing">{t('waiting')}</span>}
        </div>
      )}
      {/* A remote person's sound plays through its own element (the video above stays muted). */}
      {!tile.local && tile.audio && (
        <Video
          stream={tile.audio}
          muted={speakerMuted}
          fit="cover"
          sinkId={sinkId}
          testId={`gcall-audio-${tile.key}`}
          className="call-hidden"
        />
      )}
      <div className="gcall-tile__bar" aria-hidden="true">
        {!tile.screen && !tile.micOn && !tile.ringing && (
          <span className="gcall-tile__mic" data-testid={`gcall-mic-off-${tile.key}`}>
            <MicOffIcon size={14} />
          </span>
        )}
        <span className="gcall-tile__name">{label}</span>
        {!tile.ringing && !tile.screen && (
          <span className="gcall-tile__net" title={t(`grid.net${bars}`)}>
            {BARS.map((b) => (
              <i key={b} className={b <= bars ? 'on' : ''} style={{ height: 3 + b * 3 }} />
            ))}
          </span>
        )}
      </div>
    </div>
  );
}
