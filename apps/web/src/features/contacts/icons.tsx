/** Entry icons of the contacts list, drawn on coloured tiles like WeChat's. */
const PATHS = {
  new: 'M10 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM3.5 20c.6-3.6 3.3-6 6.5-6 1.6 0 3 .5 4.1 1.4M18 14v6M15 17h6',
  notices: 'M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15zM10 20.5h4',
  groups:
    'M8.5 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM15.5 11a3 3 0 1 0 0-6M2.5 19c.5-3 2.9-5 6-5s5.5 2 6 5M15 14c3 0 5.6 2 6.5 5',
  tags: 'M3.5 12.2V4.5a1 1 0 0 1 1-1h7.7l8.3 8.3-8.7 8.7zM8 8h.01',
  black: 'M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zM6 6l12 12',
} as const;

export type EntryIcon = keyof typeof PATHS;

const COLORS: Record<EntryIcon, string> = {
  new: '#fa9d3b',
  notices: '#10aeff',
  groups: '#07c160',
  tags: '#576b95',
  black: '#7d7d7d',
};

export function EntryTile({ icon, size = 36 }: { icon: EntryIcon; size?: number }) {
  return (
    <span
      className="ct-tile"
      style={{ width: size, height: size, background: COLORS[icon] }}
      aria-hidden="true"
    >
      <svg viewBox="0 0 24 24" width={size * 0.6} height={size * 0.6}>
        <path
          d={PATHS[icon]}
          fill="none"
          stroke="#fff"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}
