import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fitBox, num, safeUrl } from './media-url';
import type { ContentProps } from './types';
import { UploadOverlay } from './UploadOverlay';

/** SPEC video bubble: 300 px wide (phones: width − 172, in CSS). */
const VIDEO_MAX_PX = 300;

/** The snapshot with a play mark; a click plays the video in place. */
export function VideoContent({ m }: ContentProps) {
  const { t } = useTranslation('rich');
  const [playing, setPlaying] = useState(false);
  const url = safeUrl(m.payload.url);
  const snap = safeUrl(m.payload.snapshotUrl);
  const box = fitBox(num(m.payload.snapshotWidth), num(m.payload.snapshotHeight), VIDEO_MAX_PX) ?? {
    width: 240,
    height: 135,
  };
  const second = num(m.payload.second);
  const clock = `${Math.floor(second / 60)}:${String(second % 60).padStart(2, '0')}`;
  return (
    <div className="rich-video" style={box}>
      {playing && url ? (
        <video src={url} controls autoPlay playsInline style={box} data-testid="video-player" />
      ) : (
        <button
          type="button"
          className="rich-video__poster"
          style={box}
          aria-label={second > 0 ? `${t('video.play')} ${clock}` : t('video.play')}
          data-testid="video-play"
          disabled={!url}
          onClick={() => setPlaying(true)}
        >
          {snap ? <img src={snap} alt="" style={box} /> : <span className="rich-video__blank" />}
          <span className="rich-video__mark" aria-hidden="true" />
          {second > 0 && (
            <span className="rich-video__time" aria-hidden="true">
              {clock}
            </span>
          )}
        </button>
      )}
      <UploadOverlay clientMsgId={m.clientMsgId} />
    </div>
  );
}
