import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export const albumPath = (wtId: string) => `/moments?user=${encodeURIComponent(wtId)}`;

/** 朋友圈 on a friend's profile card: opens their album. */
export function AlbumButton({ wtId, onOpen }: { wtId: string; onOpen?(): void }) {
  const { t } = useTranslation('moments');
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="btn"
      data-testid="profile-moments"
      onClick={() => {
        onOpen?.();
        navigate(albumPath(wtId));
      }}
    >
      {t('album')}
    </button>
  );
}
