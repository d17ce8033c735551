export function Spinner({ size = 16, label }: { size?: number; label?: string }) {
  return (
    <span className="spinner" style={{ width: size, height: size }} role="status" aria-label={label}>
      <span className="sr-only">{label}</span>
    </span>
  );
}
