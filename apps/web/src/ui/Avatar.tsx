import './ui.css';
import { useState } from 'react';
import { Ui } from '@parley/protocol';

/** Avatar sizes (docs/web.md "UI kit"): 100 normal (own profile), 40/20 small, 36 default. */
export const AvatarSize = { normal: 100, small: 40, tiny: 20, default: Ui.avatarDefault } as const;

export interface AvatarProps {
  src?: string | null;
  /** Used for the alt text and the initial of the default avatar. */
  name?: string;
  size?: number;
  /**
   * People are always circles, so one person has one shape everywhere. 'rounded' is kept for group
   * avatars only (a group is not a person).
   */
  shape?: 'circle' | 'rounded';
  /**
   * Decorative: the avatar sits next to the visible name (a list row), so it is hidden from assistive
   * technology instead of reading its letter or name twice.
   */
  decorative?: boolean;
  className?: string;
}

const PALETTE = ['#07c160', '#10aeff', '#fa9d3b', '#576b95', '#e75e58', '#8b6cf6', '#13b8a6'];

function colorFor(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[h % PALETTE.length] ?? PALETTE[0]!;
}

/** Avatar image retried up to 3 times on error, then a default avatar. */
export function Avatar({
  src,
  name = '',
  size = Ui.avatarDefault,
  shape = 'circle',
  decorative = false,
  className,
}: AvatarProps) {
  const [state, setState] = useState({ src, tries: 0 });
  // A new src starts over (derived state reset during render).
  if (state.src !== src) setState({ src, tries: 0 });
  const failed = !src || state.tries > Ui.avatarRetries;
  const style = {
    width: size,
    height: size,
    borderRadius: shape === 'circle' ? '50%' : Math.round(size / 6),
  };
  const cls = `avatar${className ? ` ${className}` : ''}`;

  if (failed) {
    const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '';
    return (
      <span
        className={`${cls} avatar--default`}
        style={{
          ...style,
          background: initial ? colorFor(name) : 'var(--avatar-default)',
          fontSize: size * 0.42,
        }}
        {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
        data-testid="avatar-default"
      >
        {initial || (
          <svg viewBox="0 0 24 24" width={size * 0.6} height={size * 0.6} aria-hidden="true">
            <circle cx="12" cy="8" r="4.2" fill="#fff" />
            <path d="M3.5 21c.8-4.6 4.2-7 8.5-7s7.7 2.4 8.5 7z" fill="#fff" />
          </svg>
        )}
      </span>
    );
  }
  const url = state.tries === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}retry=${state.tries}`;
  return (
    <img
      className={cls}
      style={style}
      src={url}
      alt={decorative ? '' : name}
      onError={() => setState((s) => ({ ...s, tries: s.tries + 1 }))}
      draggable={false}
    />
  );
}
