import type { z } from 'zod';
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

/** Parses `input` with `schema`; a failure becomes a 400 whose msg names the field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) {
    const bad = findBadString(result.data);
    if (bad !== null)
      throw fail('badRequest', bad ? `${bad}: 含有非法字符` : '含有非法字符', { field: bad || null });
    return result.data;
  }
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : '';
  const text = issue?.message ?? '请求参数错误';
  throw fail('badRequest', field ? `${field}: ${text}` : text, {
    field: field || null,
    issues: result.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
  });
}
