import { charLength } from '@parley/protocol';
import type { InputHTMLAttributes } from 'react';
import { clampChars } from '../lib/text';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'maxLength'> & {
  value: string;
  onValueChange(value: string): void;
  /** Most user-perceived characters; typing stops there. */
  max: number;
  /** Count the trimmed text (what will be saved). Default true. */
  countTrimmed?: boolean;
  testId?: string;
};

/** A text input with a live 'n/max' counter that cuts input at `max` characters. */
export function CountedInput({
  value,
  onValueChange,
  max,
  countTrimmed = true,
  testId,
  className,
  ...rest
}: Props) {
  const n = charLength(countTrimmed ? value.trim() : value);
  return (
    <span className="counted-input">
      <input
        {...rest}
        className={className ?? 'input'}
        value={value}
        onChange={(e) => onValueChange(clampChars(e.target.value, max))}
        data-testid={testId}
      />
      <span className="counted-input__counter" aria-hidden="true">
        {n}/{max}
      </span>
    </span>
  );
}
