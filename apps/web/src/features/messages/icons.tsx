import { lineIcon, svgIcon as svg } from '../../ui/line-icon';

/** Small inline icons of the messages screen. */

export const MutedIcon = ({ size = 14 }: { size?: number }) =>
  svg(
    size,
    <>
      <path
        d="M6 16V11a6 6 0 0 1 9.2-5.1M18 10.5V16l1.5 2H7.5M10 20.5a2.2 2.2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
      <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </>,
  );

export const BackIcon = lineIcon('M15 5l-7 7 7 7', 20, 2);

export const ChevronDownIcon = lineIcon('M6 9l6 6 6-6', 14, 2);

export const ArchiveIcon = ({ size = 22 }: { size?: number }) =>
  svg(
    size,
    <>
      <rect x="3.5" y="4" width="17" height="5" rx="1" fill="none" stroke="currentColor" strokeWidth="1.7" />
      <path
        d="M5 9v10a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V9M10 13h4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
      />
    </>,
  );

export const EmojiIcon = ({ size = 22 }: { size?: number }) =>
  svg(
    size,
    <>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="9" cy="10" r="1.2" fill="currentColor" />
      <circle cx="15" cy="10" r="1.2" fill="currentColor" />
      <path
        d="M8 14.5a4.5 4.5 0 0 0 8 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </>,
  );

export const FailIcon = ({ size = 18 }: { size?: number }) =>
  svg(
    size,
    <>
      <circle cx="12" cy="12" r="10" fill="var(--danger)" />
      <path d="M12 6.5v7" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      <circle cx="12" cy="17.2" r="1.4" fill="#fff" />
    </>,
  );

export const CloseIcon = ({ size = 14 }: { size?: number }) =>
  svg(size, <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />);

export const ChatIcon = ({ size = 64 }: { size?: number }) =>
  svg(
    size,
    <path
      d="M12 3.5c-5 0-9 3.4-9 7.6 0 2.4 1.3 4.5 3.4 5.9L5.6 20l3.6-1.9c.9.2 1.8.4 2.8.4 5 0 9-3.4 9-7.6S17 3.5 12 3.5z"
      fill="currentColor"
    />,
  );

/** The chat header's "more" (info panel) button. */
export const MoreIcon = ({ size = 20 }: { size?: number }) =>
  svg(
    size,
    <g fill="currentColor">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </g>,
  );

export const SearchIcon = ({ size = 20 }: { size?: number }) =>
  svg(
    size,
    <>
      <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </>,
  );

/** "+" in a circle: the phone composer's toggle of its toolbar. */
export const PlusIcon = ({ size = 24 }: { size?: number }) =>
  svg(
    size,
    <>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M12 8v8M8 12h8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </>,
  );
