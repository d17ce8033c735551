import { useTranslation } from 'react-i18next';
import { MomentLimits } from '@parley/protocol';

/** A photo or video chosen in the composer: its local preview and, once uploaded, its URL. */
export interface Picked {
  key: number;
  kind: 'image' | 'video';
  preview: string;
  url: string | null;
  /** A video's uploaded cover (its first frame), when the browser could make one. */
  snapshot: string | null;
  failed: boolean;
}

/** The composer's media: previews in order, move earlier/later, remove, add photos or a video. */
export function MediaPicker({
  media,
  onChange,
  onAdd,
}: {
  media: Picked[];
  onChange(next: Picked[]): void;
  onAdd(files: FileList | null, kind: 'image' | 'video'): void;
}) {
  const { t } = useTranslation('moments');
  const images = media.filter((m) => m.kind === 'image');
  const hasVideo = media.some((m) => m.kind === 'video');
  const move = (i: number, d: -1 | 1) => {
    const next = [...media];
    const [item] = next.splice(i, 1);
    next.splice(i + d, 0, item!);
    onChange(next);
  };
  return (
    <div className="mo-picker">
      <ul className="mo-picker__list" aria-label={t('media')}>
        {media.map((m, i) => (
          <li key={m.key} className="mo-picker__item" data-testid="composer-media">
            {m.kind === 'video' ? (
              <video src={m.preview} muted aria-label={t('video')} />
            ) : (
              <img src={m.preview} alt="" />
            )}
            {!m.url && !m.failed && <span className="mo-picker__state">{t('uploading')}</span>}
            {m.failed && <span className="mo-picker__state mo-picker__state--bad">{t('uploadFailed')}</span>}
            <span className="mo-picker__tools">
              {m.kind === 'image' && i > 0 && (
                <button type="button" aria-label={t('moveLeft')} onClick={() => move(i, -1)}>
                  ‹
                </button>
              )}
              {m.kind === 'image' && i < media.length - 1 && (
                <button type="button" aria-label={t('moveRight')} onClick={() => move(i, 1)}>
                  ›
                </button>
              )}
              <button
                type="button"
                aria-label={t('removeMedia')}
                data-testid="composer-media-remove"
                onClick={() => onChange(media.filter((x) => x.key !== m.key))}
              >
                ×
              </button>
            </span>
          </li>
        ))}
        {!hasVideo && images.length < MomentLimits.images && (
          <li className="mo-picker__add">
            <label>
              <input
                type="file"
                accept="image/*"
                multiple
                className="sr-only"
                data-testid="composer-images"
                onChange={(e) => {
                  onAdd(e.currentTarget.files, 'image');
                  e.currentTarget.value = '';
                }}
              />
              <span aria-hidden="true">+</span>
              <span className="mo-picker__label">{t('addImage')}</span>
            </label>
          </li>
        )}
        {!images.length && !hasVideo && (
          <li className="mo-picker__add">
            <label>
              <input
                type="file"
                accept="video/*"
                className="sr-only"
                data-testid="composer-video"
                onChange={(e) => {
                  onAdd(e.currentTarget.files, 'video');
                  e.currentTarget.value = '';
                }}
              />
              <span aria-hidden="true">▶</span>
              <span className="mo-picker__label">{t('addVideo')}</span>
            </label>
          </li>
        )}
      </ul>
      {images.length > 0 && <p className="mo-hint">{t('imageCount', { count: images.length })}</p>}
    </div>
  );
}
