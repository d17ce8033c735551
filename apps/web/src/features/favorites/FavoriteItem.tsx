import { useTranslation } from 'react-i18next';
import { FavoriteType, type Favorite } from '@parley/protocol';
import { formatSize } from '../../lib/format';

const ICONS: Record<number, string> = { 1: '✎', 7: '🔗', 2: '🖼', 3: '🎬', 4: '📄', 5: '📍', 99: '📝' };

/** One favorite's summary: image/video thumbnail, title or text, file name and size, place. */
export function FavoriteItem({ f }: { f: Favorite }) {
  const { t } = useTranslation('favorites');
  const thumb =
    f.contentType === FavoriteType.image || f.contentType === FavoriteType.video ? f.videoImage : '';
  const main =
    f.contentType === FavoriteType.file
      ? f.fileName
      : f.contentType === FavoriteType.location
        ? f.addressTitle
        : f.collectTitle || f.noteContent || t(`types.${f.contentType}`);
  const sub =
    f.contentType === FavoriteType.file
      ? formatSize(f.fileSize)
      : f.contentType === FavoriteType.location
        ? f.collectTitle
        : f.contentType === FavoriteType.note
          ? f.noteContent
          : '';
  return (
    <span className="fav-item">
      {thumb ? (
        <img className="fav-item__thumb" src={thumb} alt="" loading="lazy" />
      ) : (
        <span className="fav-item__icon" aria-hidden="true">
          {ICONS[f.contentType] ?? '★'}
        </span>
      )}
      <span className="fav-item__text">
        <span className="fav-item__main">{main}</span>
        {sub && <span className="fav-item__sub">{sub}</span>}
        <span className="fav-item__sub">
          {t(`types.${f.contentType}`)}
          {f.collectedUserName ? ` · ${f.collectedUserName}` : ''}
        </span>
      </span>
    </span>
  );
}
