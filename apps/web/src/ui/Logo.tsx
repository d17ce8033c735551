export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="var(--brand)" />
      <path
        d="M18 20h22a8 8 0 0 1 8 8v8a8 8 0 0 1-8 8H30l-8 7v-7h-4a8 8 0 0 1-8-8v-8a8 8 0 0 1 8-8z"
        fill="#fff"
      />
      <circle cx="24" cy="32" r="3" fill="var(--brand)" />
      <circle cx="32" cy="32" r="3" fill="var(--brand)" />
      <circle cx="40" cy="32" r="3" fill="var(--brand)" />
    </svg>
  );
}
