/**
 * Parley's own sticker art (original, drawn here as SVG, so Parley serves it itself): three groups
 * of 18, 16 and 17. A face message carries `data` = `group/item` and `index` = the group's index.
 */
const FACE_COLORS = ['#ffcc4d', '#ff9f43', '#7bed9f', '#70a1ff', '#ff6b81', '#eccc68'];
const EYES = ['dots', 'happy', 'wink'] as const;
const MOUTHS = ['smile', 'open', 'flat', 'sad', 'o', 'tongue'] as const;
const SIGNS = [
  '好的',
  '谢谢',
  'OK',
  '收到',
  '晚安',
  '早安',
  '加油',
  '哈哈',
  '在吗',
  '辛苦了',
  '没问题',
  '666',
  '赞',
  '抱抱',
  '稍等',
  '再见',
  '生日快乐',
];
const HEART_COLORS = ['#ff4757', '#ff6b81', '#ffa502', '#2ed573', '#1e90ff', '#a55eea', '#ff7f50', '#e84393'];

export interface StickerGroup {
  id: string;
  items: string[];
}

export const STICKER_GROUPS: StickerGroup[] = [
  { id: 'faces', items: Array.from({ length: 18 }, (_, i) => `f${i}`) },
  { id: 'hearts', items: Array.from({ length: 16 }, (_, i) => `h${i}`) },
  { id: 'signs', items: Array.from({ length: 17 }, (_, i) => `s${i}`) },
];

function Face({ n }: { n: number }) {
  const color = FACE_COLORS[n % FACE_COLORS.length];
  const eyes = EYES[Math.floor(n / 6) % EYES.length];
  const mouth = MOUTHS[n % MOUTHS.length];
  return (
    <>
      <circle cx="32" cy="32" r="28" fill={color} stroke="#333" strokeWidth="2" />
      {eyes === 'dots' && (
        <>
          <circle cx="22" cy="26" r="4" fill="#333" />
          <circle cx="42" cy="26" r="4" fill="#333" />
        </>
      )}
      {eyes === 'happy' && (
        <path d="M16 27q6-7 12 0M36 27q6-7 12 0" stroke="#333" strokeWidth="3" fill="none" />
      )}
      {eyes === 'wink' && (
        <>
          <circle cx="22" cy="26" r="4" fill="#333" />
          <path d="M36 26h12" stroke="#333" strokeWidth="3" />
        </>
      )}
      {mouth === 'smile' && <path d="M20 40q12 12 24 0" stroke="#333" strokeWidth="3" fill="none" />}
      {mouth === 'open' && <path d="M20 38q12 16 24 0z" fill="#c0392b" stroke="#333" strokeWidth="2" />}
      {mouth === 'flat' && <path d="M22 44h20" stroke="#333" strokeWidth="3" />}
      {mouth === 'sad' && <path d="M20 48q12-10 24 0" stroke="#333" strokeWidth="3" fill="none" />}
      {mouth === 'o' && <circle cx="32" cy="45" r="5" fill="#333" />}
      {mouth === 'tongue' && (
        <>
          <path d="M20 40q12 10 24 0" stroke="#333" strokeWidth="3" fill="none" />
          <path d="M28 45q4 8 8 0" fill="#ff6b81" />
        </>
      )}
    </>
  );
}

function Heart({ n }: { n: number }) {
  const color = HEART_COLORS[n % HEART_COLORS.length];
  const broken = n >= 8 && n % 4 === 0;
  return (
    <>
      <path
        d="M32 54C10 40 6 26 14 17c6-6 14-4 18 3 4-7 12-9 18-3 8 9 4 23-18 37z"
        fill={color}
        stroke="#333"
        strokeWidth="2"
      />
      {n >= 8 && !broken && <path d="M22 24q3-4 7-2" stroke="#fff" strokeWidth="3" fill="none" />}
      {broken && <path d="M32 20l-4 10 6 6-4 10" stroke="#333" strokeWidth="2.5" fill="none" />}
    </>
  );
}

function Sign({ n }: { n: number }) {
  const text = SIGNS[n] ?? '';
  return (
    <>
      <rect
        x="4"
        y="14"
        width="56"
        height="36"
        rx="10"
        fill={FACE_COLORS[n % FACE_COLORS.length]}
        stroke="#333"
        strokeWidth="2"
      />
      <text
        x="32"
        y="38"
        textAnchor="middle"
        fontSize={text.length > 3 ? 11 : 15}
        fontWeight="700"
        fill="#222"
      >
        {text}
      </text>
    </>
  );
}

/** Whether `id` (`group/item`) is a sticker Parley ships. */
export function isSticker(id: unknown): id is string {
  if (typeof id !== 'string') return false;
  const [g, item] = id.split('/');
  return STICKER_GROUPS.some((group) => group.id === g && group.items.includes(item ?? ''));
}

export function Sticker({ id, size = 96, label }: { id: string; size?: number; label?: string }) {
  const [group, item = ''] = id.split('/');
  const n = Number(item.slice(1));
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {group === 'faces' && <Face n={n} />}
      {group === 'hearts' && <Heart n={n} />}
      {group === 'signs' && <Sign n={n} />}
    </svg>
  );
}
