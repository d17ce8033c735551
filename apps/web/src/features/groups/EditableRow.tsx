import { useEffect, useRef, useState } from 'react';
import { CountedInput } from '../../ui/CountedInput';

/**
 * A panel row whose value is edited in place and saved on blur (or Enter) when it changed; a value
 * `validate` refuses shows its text and is not saved.
 */
export function EditableRow({
  label,
  value,
  max,
  editable,
  placeholder,
  testId,
  validate,
  onSave,
  clearLabel,
}: {
  label: string;
  value: string;
  max: number;
  editable: boolean;
  placeholder: string;
  testId: string;
  validate?(v: string): string | null;
  onSave(v: string): Promise<unknown>;
  /** Shows a clear button (its accessible name) while there is text. */
  clearLabel?: string;
}) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const row = useRef<HTMLDivElement>(null);
  useEffect(() => setDraft(value), [value]);
  const commit = async () => {
    const next = draft.trim();
    if (next === value) return;
    const bad = validate?.(next) ?? null;
    setError(bad);
    if (bad) return;
    await onSave(next);
  };
  return (
    <div className="gp-row" ref={row}>
      <span className="gp-row__label">{label}</span>
      {editable ? (
        <CountedInput
          value={draft}
          onValueChange={(v) => {
            setDraft(v);
            setError(null);
          }}
          max={max}
          placeholder={placeholder}
          testId={testId}
          onBlur={() => void commit()}
          onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
        />
      ) : null}
      {editable && clearLabel && draft && (
        <button
          type="button"
          className="icon-btn gp-clear"
          aria-label={clearLabel}
          // Keeps the focus in the field: clearing is not a save (the blur after typing is).
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            setDraft('');
            setError(null);
            row.current?.querySelector('input')?.focus();
          }}
          data-testid={`${testId}-clear`}
        >
          ×
        </button>
      )}
      {!editable && (
        <span className="gp-row__value" data-testid={testId}>
          {value || placeholder}
        </span>
      )}
      {error && (
        <span className="gp-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
