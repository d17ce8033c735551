import './ui.css';
import { Ui } from '@parley/protocol';

/** '99+' above the cap; nothing for zero or less. */
export function badgeText(count: number, max: number = Ui.badgeMax): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > max ? `${max}+` : String(Math.floor(count));
}

export interface BadgeProps {
  count: number;
  max?: number;
  /** Accessible description, e.g. "12 unread". */
  label?: string;
  className?: string;
}

export function Badge({ count, max, label, className }: BadgeProps) {
  const text = badgeText(count, max);
  if (!text) return null;
  return (
    <span className={`badge${className ? ` ${className}` : ''}`} aria-label={label} data-testid="badge">
      {text}
    </span>
  );
}
