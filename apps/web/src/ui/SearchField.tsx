import { ClearIcon, SearchIcon } from './icons';

export interface SearchFieldProps {
  value: string;
  onChange(value: string): void;
  /** Placeholder and accessible name. */
  label: string;
  /** Accessible name of the clear button (shown while there is text). */
  clearLabel: string;
  testId?: string;
  /** `search-field--large`: the taller field of dialogs (the people picker). */
  className?: string;
  /** Focus the input when the field appears (a search the user just opened). */
  autoFocus?: boolean;
}

/** The search box of list headers and pickers: icon, input, and a clear button while it has text. */
export function SearchField({
  value,
  onChange,
  label,
  clearLabel,
  testId,
  className,
  autoFocus,
}: SearchFieldProps) {
  return (
    <label className={className ? `search-field ${className}` : 'search-field'}>
      <SearchIcon />
      <input
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={label}
        aria-label={label}
        data-testid={testId}
        autoFocus={autoFocus}
      />
      {value && (
        <button
          type="button"
          className="search-field__clear"
          aria-label={clearLabel}
          onClick={() => onChange('')}
        >
          <ClearIcon />
        </button>
      )}
    </label>
  );
}
