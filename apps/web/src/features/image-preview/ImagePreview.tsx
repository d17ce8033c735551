import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { toast } from '../../ui/toast-store';
import { pinchZoom, SAVABLE, swipeStep, wheelZoom } from './zoom';
import './image-preview.css';

export interface PreviewImage {
  id: string;
  /** The original. */
  url: string;
  /** What is shown (the large copy). */
  large: string;
  /** imageFormat code (1 jpg, 2 gif, 3 png, 4 bmp, other: not savable). */
  imageFormat: number;
}

/**
 * Full-screen image preview: wheel zoom 0.125–4 (step 0.1), pinch 0.5–4, rotate by 90°, previous
 * and next through the conversation's images with a counter, save (jpg, gif, png, bmp only), swipe
 * over 100 px to navigate, Escape closes.
 */
export function ImagePreview({
  images,
  index: start,
  onClose,
}: {
  images: PreviewImage[];
  index: number;
  onClose(): void;
}) {
  const { t } = useTranslation('rich');
  const [index, setIndex] = useState(start);
  const [scale, setScale] = useState(1);
  const [rotate, setRotate] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const touch = useRef<{ x: number; dist: number; scale: number } | null>(null);
  const image = images[index]!;

  const go = (step: number) => {
    const next = index + step;
    if (next < 0 || next >= images.length) return;
    setIndex(next);
    setScale(1);
    setRotate(0);
  };

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    root.current?.focus();
    return () => before?.focus?.();
  }, []);

  const save = async () => {
    const ext = SAVABLE[image.imageFormat];
    if (!ext) return void toast.error(t('preview.unsupported'));
    if (!image.url) return void toast.error(t('preview.noUrl'));
    try {
      const blob = await (await fetch(image.url)).blob();
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `parley-${image.id}.${ext}`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    } catch {
      toast.error(t('preview.saveFailed'));
    }
  };

  const distance = (e: React.TouchEvent) => {
    const [a, b] = [e.touches[0]!, e.touches[1]!];
    return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
  };

  return createPortal(
    <div
      ref={root}
      className="image-preview"
      role="dialog"
      aria-modal="true"
      aria-label={t('preview.title')}
      tabIndex={-1}
      data-testid="image-preview"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        } else if (e.key === 'ArrowLeft') go(-1);
        else if (e.key === 'ArrowRight') go(1);
      }}
      onWheel={(e) => setScale((s) => wheelZoom(s, e.deltaY))}
      onTouchStart={(e) => {
        touch.current = { x: e.touches[0]!.clientX, dist: e.touches.length > 1 ? distance(e) : 0, scale };
      }}
      onTouchMove={(e) => {
        const s = touch.current;
        if (s && e.touches.length > 1) setScale(pinchZoom(s.scale, s.dist || distance(e), distance(e)));
      }}
      onTouchEnd={(e) => {
        const s = touch.current;
        touch.current = null;
        if (!s || s.dist || e.changedTouches.length !== 1) return;
        go(swipeStep(e.changedTouches[0]!.clientX - s.x));
      }}
    >
      <div className="image-preview__stage" onClick={onClose}>
        <img
          src={image.large || image.url}
          alt={t('image.alt')}
          data-testid="preview-image"
          data-scale={scale}
          data-rotate={rotate}
          style={{ transform: `scale(${scale}) rotate(${rotate}deg)` }}
          onClick={(e) => e.stopPropagation()}
          draggable={false}
        />
      </div>
      <div className="image-preview__bar" onClick={(e) => e.stopPropagation()}>
        <button
          type="button"
          onClick={() => go(-1)}
          disabled={index === 0}
          aria-label={t('preview.prev')}
          data-testid="preview-prev"
        >
          ‹
        </button>
        <span
          className="image-preview__count"
          data-testid="preview-counter"
        >{`${index + 1} / ${images.length}`}</span>
        <button
          type="button"
          onClick={() => go(1)}
          disabled={index === images.length - 1}
          aria-label={t('preview.next')}
          data-testid="preview-next"
        >
          ›
        </button>
        <button
          type="button"
          onClick={() => setScale((s) => wheelZoom(s, -1))}
          aria-label={t('preview.zoomIn')}
          data-testid="preview-zoom-in"
        >
          ＋
        </button>
        <button
          type="button"
          onClick={() => setScale((s) => wheelZoom(s, 1))}
          aria-label={t('preview.zoomOut')}
          data-testid="preview-zoom-out"
        >
          －
        </button>
        <span className="image-preview__scale">{`${Math.round(scale * 100)}%`}</span>
        <button
          type="button"
          onClick={() => setRotate((r) => (r + 90) % 360)}
          aria-label={t('preview.rotate')}
          data-testid="preview-rotate"
        >
          ⟳
        </button>
        <button
          type="button"
          onClick={() => void save()}
          aria-label={t('preview.save')}
          data-testid="preview-save"
        >
          ⤓
        </button>
        <button type="button" onClick={onClose} aria-label={t('preview.close')} data-testid="preview-close">
          ✕
        </button>
      </div>
    </div>,
    document.body,
  );
}
