import type { ReactNode } from 'react';

/** A 24×24 icon `size` px square, hidden from assistive technology (its button carries the name). */
export const svgIcon = (size: number, children: ReactNode) => (
  <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
    {children}
  </svg>
);

/** An icon drawn as one stroked path `d` with round ends, in the current text colour. */
export const lineIcon = (d: string, defaultSize = 20, strokeWidth = 1.8) =>
  function LineIcon({ size = defaultSize }: { size?: number }) {
    return svgIcon(
      size,
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
      />,
    );
  };
