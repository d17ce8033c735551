import type { ReactNode } from 'react';

/** A panel row that opens something: its label, then `children` (a value) or an arrow. */
export function LinkRow({
  label,
  onClick,
  testId,
  children,
}: {
  label: string;
  onClick(): void;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <button type="button" className="gp-row gp-row--link" onClick={onClick} data-testid={testId}>
      <span className="gp-row__label">{label}</span>
      {children ?? <span aria-hidden="true">›</span>}
    </button>
  );
}
