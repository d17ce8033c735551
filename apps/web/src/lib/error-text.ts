import { Errors, type ErrorName } from '@parley/protocol';
import { uiLanguage } from './request-headers';

export { uiLanguage };

/**
 * What the user reads for a failed call, in the UI language (docs/web.md "Structure"). Requests
 * and the socket name the UI language (Accept-Language, `?lang=`), so the server's `msg` is already
 * in it; the catalogue (packages/protocol errors) turns a text written on this side, or one that
 * came back in another language, into the UI language:
 * - a code whose text is one of the catalogue entry's texts shows that entry in the UI language; a
 *   code used with several texts (10017) is told apart by the text;
 * - anything else (an unknown code, a text specific to this request) shows the server's text, which
 *   never names a field by its path.
 */
export interface ErrorLike {
  code: number;
  message: string;
  data?: unknown;
}

const namesByCode = new Map<number, ErrorName[]>();
const byText = new Map<string, ErrorName>();
for (const name of Object.keys(Errors) as ErrorName[]) {
  for (const text of Object.values(Errors[name].texts)) if (!byText.has(text)) byText.set(text, name);
  const list = namesByCode.get(Errors[name].code) ?? [];
  list.push(name);
  namesByCode.set(Errors[name].code, list);
}

/** The catalogue entry a server answer is: its code, told apart by the text when needed. */
export function errorNameOf(err: ErrorLike): ErrorName | undefined {
  const names = namesByCode.get(err.code);
  // A code we do not know but a catalogue text (the client's own fallback for a network failure).
  if (!names) return err.message ? byText.get(err.message) : undefined;
  const exact = names.find((n) => Object.values(Errors[n].texts).includes(err.message));
  if (exact) return exact;
  return !err.message && names.length === 1 ? names[0] : undefined;
}

/** The field a 400 is about (`data.field`), to show its text under that field; never shown itself. */
export function fieldOf(err: ErrorLike): string | undefined {
  if (err.code !== Errors.badRequest.code) return undefined;
  const data = err.data as { field?: unknown } | null | undefined;
  return data && typeof data.field === 'string' && data.field ? data.field : undefined;
}

/** The text to show for a failed call (see above). */
export function apiErrorText(err: ErrorLike): string {
  const name = errorNameOf(err);
  if (name) return Errors[name].texts[uiLanguage()];
  return err.message || Errors.unknown.texts[uiLanguage()];
}

function isErrorLike(err: unknown): err is ErrorLike {
  return (
    err instanceof Error &&
    typeof (err as Partial<ErrorLike>).code === 'number' &&
    typeof err.message === 'string'
  );
}

/** For forms and dialogs that show an error inline: the API error's text, or `fallback`. */
export function errorTextOf(err: unknown, fallback: string): string {
  return isErrorLike(err) && (err.message || errorNameOf(err)) ? apiErrorText(err) : fallback;
}
