import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Moment } from '@parley/protocol';
import { ImagePreview } from '../image-preview';

const FORMATS: [RegExp, number][] = [
  [/\.jpe?g$/i, 1],
  [/\.gif$/i, 2],
  [/\.png$/i, 3],
  [/\.bmp$/i, 4],
];
const formatOf = (url: string) => FORMATS.find(([re]) => re.test(url))?.[1] ?? 0;

/** A moment's photos as WeChat lays them out (one large, four as 2×2, else rows of three), or its video. */
export function MomentMedia({ moment }: { moment: Moment }) {
  const { t } = useTranslation('moments');
  const [open, setOpen] = useState<number | null>(null);
  if (moment.video)
    return (
      <video
        className="mo-video"
        src={moment.video.url}
        poster={moment.video.snapshotUrl || undefined}
        controls
        preload="metadata"
        aria-label={t('video')}
        data-testid="moment-video"
      />
    );
  const images = moment.images;
  if (!images.length) return null;
  const layout = images.length === 1 ? 'one' : images.length === 4 ? 'four' : 'grid';
  return (
    <>
      <ul className={`mo-grid mo-grid--${layout}`} aria-label={t('media')}>
        {images.map((img, i) => (
          <li key={img.url}>
            <button
              type="button"
              className="mo-grid__cell"
              aria-label={t('openImage', { n: i + 1 })}
              data-testid="moment-image"
              onClick={() => setOpen(i)}
            >
              <img
                src={img.thumbUrl}
                alt=""
                loading="lazy"
                style={
                  layout === 'one' && img.width && img.height
                    ? { aspectRatio: `${img.width} / ${img.height}` }
                    : undefined
                }
              />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && (
        <ImagePreview
          images={images.map((img) => ({
            id: img.url,
            url: img.url,
            large: img.url,
            imageFormat: formatOf(img.url),
          }))}
          index={open}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
