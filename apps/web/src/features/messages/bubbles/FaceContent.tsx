import { useTranslation } from 'react-i18next';
import { isSticker, Sticker } from './stickers';
import type { ContentProps } from './types';

/** A sticker from Parley's own groups ('[表情]' for one this version does not have). */
export function FaceContent({ m }: ContentProps) {
  const { t } = useTranslation('messages');
  const id = m.payload.data;
  return isSticker(id) ? (
    <span className="rich-face" data-testid="face-bubble">
      <Sticker id={id} size={96} label={t('types.face')} />
    </span>
  ) : (
    <>{t('types.face')}</>
  );
}
