import './ui.css';
import { useTranslation } from 'react-i18next';

/** Member-level badge (levels 1–10). Colour deepens with the level. */
export function LevelBadge({ level, className }: { level: number; className?: string }) {
  const { t } = useTranslation('common');
  const tier = level >= 8 ? 'high' : level >= 4 ? 'mid' : 'low';
  return (
    <span
      className={`level-badge level-badge--${tier}${className ? ` ${className}` : ''}`}
      title={t('memberLevel', { level })}
      aria-label={t('memberLevel', { level })}
      data-testid="level-badge"
    >
      <svg viewBox="0 0 24 24" width="10" height="10" aria-hidden="true">
        <path d="M3 8l4.5 4 4.5-7 4.5 7L21 8l-2 11H5z" fill="currentColor" />
      </svg>
      V{level}
    </span>
  );
}
