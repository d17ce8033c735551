import type { z } from 'zod';
import { ErrorDetails, fieldText, issueText } from '@parley/protocol';
import { fail } from './errors.js';

/**
 * Finds the first string in `value` that cannot be stored faithfully: a NUL character (PostgreSQL
 * refuses it) or a lone UTF-16 surrogate (it would be silently replaced by U+FFFD). Returns its path.
 */
export function findBadString(value: unknown, path: string[] = []): string | null {
  const found = badKeys(value);
  return found === null ? null : [...path, ...found].join('.');
}

/** The keys down to the first bad string, or null; nothing is built on the way down (every frame passes). */
function badKeys(value: unknown): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') || !value.isWellFormed() ? [] : null;
  if (value && typeof value === 'object') {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const found = badKeys((value as Record<string, unknown>)[key]);
      if (found !== null) {
        found.unshift(key);
        return found;
      }
    }
  }
  return null;
}

/**
 * Parses `input` with `schema`; a failure becomes a 400 whose text names the field by its label in
 * the caller's language (protocol `issueText`), with the field's path in `data.field`.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) {
    const bad = findBadString(result.data);
    if (bad !== null) throw fail('badRequest', illegalCharsText(bad), { field: bad || null });
    return result.data;
  }
  throw validationError(result.error.issues, input);
}

/** The 400 of a failed check: the first issue's text; every issue's field in `data.issues`. */
export function validationError(issues: readonly z.core.$ZodIssue[], input: unknown, prefix: string[] = []) {
  const issue = issues[0];
  const field = issue ? [...prefix, ...issue.path.map(String)].join('.') : '';
  return fail('badRequest', issue ? issueText(issue, input, prefix) : undefined, {
    field: field || null,
    issues: issues.map((i) => ({ field: [...prefix, ...i.path.map(String)].join('.') })),
  });
}

/** The text for a string that cannot be stored, naming its field when there is one. */
export function illegalCharsText(path: string) {
  return path ? fieldText('forbiddenChars', path.split('.')) : ErrorDetails.illegalChars;
}
