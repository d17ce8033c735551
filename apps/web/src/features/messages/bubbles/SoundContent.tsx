import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storage } from '../../../lib/storage';
import { num, safeUrl } from './media-url';
import type { ContentProps } from './types';
import { UploadOverlay } from './UploadOverlay';

/** SPEC audio bar: 10 px per second plus 20 px (at least 1 second). */
export const soundBarWidth = (second: number) => 10 * Math.max(1, second) + 20;

const PLAYED_KEY = 'parley.played-sounds';
const played = (): string[] => {
  try {
    return JSON.parse(storage.get(PLAYED_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
};

/** Sound bubble: play/pause, the seconds, a bar sized by length, and an unplayed mark on received ones. */
export function SoundContent({ m, mine }: ContentProps) {
  const { t } = useTranslation('rich');
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [heard, setHeard] = useState(() => mine || played().includes(m.ID));
  const second = num(m.payload.second);
  const url = safeUrl(m.payload.url);
  const toggle = () => {
    const a = audio.current;
    if (!a) return;
    if (playing) return a.pause();
    void a.play().catch(() => {});
    if (!heard) {
      setHeard(true);
      storage.set(PLAYED_KEY, JSON.stringify([...played().slice(-499), m.ID]));
    }
  };
  return (
    <div className="rich-sound">
      <button
        type="button"
        className={`rich-sound__bar${playing ? ' rich-sound__bar--playing' : ''}`}
        style={{ width: soundBarWidth(second) }}
        aria-label={playing ? t('sound.pause') : t('sound.play', { count: second })}
        data-testid="sound-play"
        disabled={!url}
        onClick={toggle}
      >
        <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        <span>{`${second}"`}</span>
      </button>
      {!heard && (
        <span
          className="rich-sound__unplayed"
          data-testid="sound-unplayed"
          role="img"
          aria-label={t('sound.unplayed')}
        />
      )}
      {url && (
        <audio
          ref={audio}
          src={url}
          preload="none"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
        />
      )}
      <UploadOverlay clientMsgId={m.clientMsgId} />
    </div>
  );
}
