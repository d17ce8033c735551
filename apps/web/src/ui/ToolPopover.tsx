import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Popover } from './Popover';

/** A composer toolbar icon button: named by `label` (also its tooltip), drawing `icon` (SVG shapes). */
export const ToolButton = forwardRef<
  HTMLButtonElement,
  { label: string; testId: string; icon: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>
>(function ToolButton({ label, testId, icon, ...rest }, ref) {
  return (
    <button
      ref={ref}
      type="button"
      className="cv-icon-btn"
      aria-label={label}
      title={label}
      data-testid={testId}
      {...rest}
    >
      <svg
        viewBox="0 0 24 24"
        width="20"
        height="20"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      >
        {icon}
      </svg>
    </button>
  );
});

/** A toolbar button that opens a popup above it (常用语, 收藏): the popup is named by `label`. */
export function ToolPopover({
  label,
  testId,
  icon,
  content,
}: {
  label: string;
  testId: string;
  icon: ReactNode;
  content(close: () => void): ReactNode;
}) {
  return (
    <Popover side="top" align="start" label={label} content={content}>
      <ToolButton label={label} testId={testId} icon={icon} />
    </Popover>
  );
}
