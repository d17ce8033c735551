import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
}

/** Labelled input with an error line (reserved height so the form does not jump). */
export function Field({ label, error, hint, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        {...input}
      />
      {hint && !error ? <span className="field__hint">{hint}</span> : null}
      <span className="field__error" id={`${id}-err`} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </span>
    </div>
  );
}
