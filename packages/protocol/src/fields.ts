import { z } from 'zod';
import { charLength, utf8Length } from './text.js';
import type { CheckParams } from './validation/texts.js';

/**
 * Field builders every request schema (REST bodies and socket frames) is made of, so one text
 * policy and one way of reading numbers hold everywhere. The rules are listed in docs/api.md
 * ("Input rules").
 */

/**
 * Error option for a required field: '{label}不能为空' when missing, '{label}格式不正确' for a wrong type.
 * Use as `z.string(required('手机号'))`.
 */
export function required(label: string) {
  return {
    error: (iss: { input?: unknown }) =>
      iss.input === undefined || iss.input === null ? `${label}不能为空` : `${label}格式不正确`,
  };
}

/**
 * Characters no request text may hold: C0 controls (ESC, so ANSI escapes, included), DEL, C1
 * controls, bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069) and the line and
 * paragraph separators U+2028/2029. Multi-line fields allow '\n' (and only that line break).
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const FORBIDDEN_MULTILINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const FORBIDDEN_ALL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

/** Whether `text` holds a character the text policy refuses. */
export function hasForbiddenChars(text: string, multiline = false): boolean {
  return (multiline ? FORBIDDEN_MULTILINE : FORBIDDEN).test(text);
}

/** `text` without the characters the text policy refuses (for names taken from files, not typed). */
export function stripForbiddenChars(text: string): string {
  return text.replace(FORBIDDEN_ALL, '');
}

export const forbiddenCharsMsg = (label: string) => `${label}含有不允许的控制字符`;

export interface TextFieldOptions {
  /** Most user-perceived characters (see `charLength`). */
  max: number;
  /** Fewest characters after trimming; with 1, '' and blanks answer '{label}不能为空'. Default 0. */
  min?: number;
  /**
   * Most UTF-16 units: the storage bound, checked before any per-character work. Default `max`
   * (right for ASCII identifiers); text fields set their column size.
   */
  maxUnits?: number;
  /** Most UTF-8 bytes ('{label}不能超过{n}个字节'). Such a field's units bound is its byte bound. */
  maxBytes?: number;
  /** Allows '\n'. */
  multiline?: boolean;
  /** Removes surrounding whitespace first (default true; opaque tokens keep theirs). */
  trim?: boolean;
  /** Message for too long (default '{label}不能超过{max}个字符'). */
  tooLong?: string;
}

/**
 * A request string: (1) refused at once when longer than twice its units bound — an O(1) check, so
 * a megabyte costs nothing; (2) trimmed, then held to the units bound; (3) the text policy; (4) the
 * minimum; (5) `max` user-perceived characters, counted in linear time; (6) the byte bound. The
 * first failure ends the checks and names the field.
 */
export function textField(label: string, o: TextFieldOptions) {
  const tooLong = o.tooLong ?? `${label}不能超过${o.max}个字符`;
  const bytesMsg = o.maxBytes === undefined ? tooLong : `${label}不能超过${o.maxBytes}个字节`;
  const units = o.maxBytes ?? o.maxUnits ?? o.max;
  // More UTF-16 units than bytes is impossible, so over the units bound is over the byte bound.
  const unitsMsg = o.maxBytes === undefined ? tooLong : bytesMsg;
  // `params` tell every language's refusal which bound was passed (validation/texts.ts).
  const longParams: CheckParams = { kind: 'tooLong', n: o.max };
  const bytesParams: CheckParams =
    o.maxBytes === undefined ? longParams : { kind: 'tooLongBytes', n: o.maxBytes };
  const within = (n: number) => (t: string) => t.length <= n;
  let s = z
    .string(required(label))
    .refine(within(units * 2), { error: unitsMsg, abort: true, params: bytesParams });
  if (o.trim !== false) s = s.trim();
  s = s
    .refine(within(units), { error: unitsMsg, abort: true, params: bytesParams })
    .refine((t) => !hasForbiddenChars(t, o.multiline), {
      error: forbiddenCharsMsg(label),
      abort: true,
      params: { kind: 'forbiddenChars' } satisfies CheckParams,
    });
  if (o.min) s = s.min(o.min, { error: `${label}不能为空`, abort: true });
  s = s.refine((t) => charLength(t) <= o.max, { error: tooLong, abort: true, params: longParams });
  if (o.maxBytes !== undefined) {
    const maxBytes = o.maxBytes;
    s = s.refine((t) => utf8Length(t) <= maxBytes, { error: bytesMsg, abort: true, params: bytesParams });
  }
  return s;
}

const DIGITS = /^\d{1,15}$/;

/** A plain decimal digit string becomes its number; anything else is left for the number check. */
const digitsToNumber = (v: unknown) => (typeof v === 'string' && DIGITS.test(v) ? Number(v) : v);

export interface IntFieldOptions {
  min?: number;
  max?: number;
  /** Message below `min` (default '{label}格式不正确'). */
  tooSmall?: string;
  /** Message above `max` (default '{label}不能超过{max}'). */
  tooLarge?: string;
}

/**
 * A strict integer: a JSON number, or a plain decimal digit string (query strings carry only
 * strings). `true`, '0x10', '1e3', ' 1', '' and [[1]] answer '{label}格式不正确'.
 * Typed as taking a number: that is what clients send; the digit string is for query strings.
 */
export function intField(label: string, o: IntFieldOptions = {}): z.ZodType<number, number> {
  const bad = `${label}格式不正确`;
  let n = z.number({ error: bad }).int({ error: bad });
  if (o.min !== undefined) n = n.min(o.min, { error: o.tooSmall ?? bad });
  if (o.max !== undefined) n = n.max(o.max, { error: o.tooLarge ?? `${label}不能超过${o.max}` });
  return z.preprocess(digitsToNumber, n) as unknown as z.ZodType<number, number>;
}

/** A strict integer that must be one of `values` (flags, statuses, sources). */
export function intEnum<const T extends readonly [number, ...number[]]>(
  label: string,
  values: T,
): z.ZodType<T[number], T[number]> {
  const literal = z.literal(values, { error: `${label}格式不正确` });
  return z.preprocess(digitsToNumber, literal) as unknown as z.ZodType<T[number], T[number]>;
}

/**
 * A list of at most `max` items, its length checked before any item is read (a megabyte of
 * items costs one check). `tooMany` is the message when longer.
 */
export function listField<T extends z.ZodType>(
  label: string,
  item: T,
  max: number,
  tooMany: string,
): z.ZodType<z.output<T>[], z.input<T>[]> {
  const list = z.array(z.unknown(), required(label)).max(max, { error: tooMany, abort: true });
  return list.pipe(z.array(item)) as unknown as z.ZodType<z.output<T>[], z.input<T>[]>;
}
