import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePreview, type PreviewImage } from '../../image-preview';
import { useChatStore } from '../store';
import type { ChatMessage } from '../types';
import { fitBox, num, safeUrl } from './media-url';
import type { ContentProps } from './types';
import { UploadOverlay } from './UploadOverlay';

/** SPEC image bubble: at most 300 px (phones: min(width − 180, 300), in CSS). */
export const IMAGE_MAX_PX = 300;

type Info = { url?: unknown; width?: unknown; height?: unknown; imageFormat?: unknown };
const infos = (m: Pick<ChatMessage, 'payload'>) =>
  Array.isArray(m.payload.imageInfoArray) ? (m.payload.imageInfoArray as Info[]) : [];

/** The original of an image message as the preview needs it. */
export function previewOf(m: ChatMessage): PreviewImage | null {
  const list = infos(m);
  const url = safeUrl(list[0]?.url);
  return url
    ? { id: m.ID, url, large: safeUrl(list[1]?.url) || url, imageFormat: num(list[0]?.imageFormat) }
    : null;
}

export function ImageContent({ m }: ContentProps) {
  const { t } = useTranslation('rich');
  const [open, setOpen] = useState<{ images: PreviewImage[]; index: number } | null>(null);
  const list = infos(m);
  const thumb = safeUrl(list[2]?.url) || safeUrl(list[0]?.url);
  const box = fitBox(num(list[0]?.width), num(list[0]?.height), IMAGE_MAX_PX);
  const show = () => {
    const all = (useChatStore.getState().byConv[m.conversationID]?.messages ?? [])
      .filter((x) => x.type === 'image' && !x.isRevoked && !x.isDeleted)
      .map(previewOf)
      .filter((x): x is PreviewImage => x !== null);
    const index = Math.max(
      0,
      all.findIndex((x) => x.id === m.ID),
    );
    setOpen({ images: all.length ? all : [previewOf(m)!], index });
  };
  return (
    <div className="rich-image" style={box}>
      {thumb ? (
        <button
          type="button"
          className="rich-image__open"
          aria-label={t('image.open')}
          data-testid="image-open"
          onClick={show}
        >
          <img src={thumb} alt={t('image.alt')} loading="lazy" draggable={false} style={box} />
        </button>
      ) : (
        <span>{t('image.missing')}</span>
      )}
      <UploadOverlay clientMsgId={m.clientMsgId} />
      {open && <ImagePreview images={open.images} index={open.index} onClose={() => setOpen(null)} />}
    </div>
  );
}
