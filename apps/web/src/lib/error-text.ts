import { Errors, type ErrorName } from '@parley/protocol';
import i18n from './i18n';

/**
 * What the user reads for a failed call, in the UI language (docs/web.md "Structure"). The server
 * answers zh-CN texts; the client maps them to the `errors` catalogue (locales/<lang>/errors.ts):
 * - a code whose server text is the catalogue's own (e.g. 10001 '账号或密码错误') shows the
 *   translation; a code used with several texts (10017) is told apart by the text;
 * - a 400 that names a field (`phone: 手机号格式不正确`) shows a translated prefix and the field in
 *   en/ja, the server's text in zh-CN;
 * - anything else (an unknown code, a text specific to this request) shows the server's text.
 */
export interface ErrorLike {
  code: number;
  message: string;
  data?: unknown;
}

const NS = 'errors';
const SOURCE_LANGUAGE = 'zh-CN';

const namesByCode = new Map<number, ErrorName[]>();
const byText = new Map<string, ErrorName>();
for (const name of Object.keys(Errors) as ErrorName[]) {
  if (!byText.has(Errors[name].msg)) byText.set(Errors[name].msg, name);
  const list = namesByCode.get(Errors[name].code) ?? [];
  list.push(name);
  namesByCode.set(Errors[name].code, list);
}

/** The catalogue entry a server answer is: its code, told apart by the text when needed. */
export function errorNameOf(err: ErrorLike): ErrorName | undefined {
  const names = namesByCode.get(err.code);
  // A code we do not know but a catalogue text (the client's own fallback for a network failure).
  if (!names) return err.message ? byText.get(err.message) : undefined;
  const exact = names.find((n) => Errors[n].msg === err.message);
  if (exact) return exact;
  return !err.message && names.length === 1 ? names[0] : undefined;
}

/** `phone` for a 400 whose data or text names a field. */
export function fieldOf(err: ErrorLike): string | undefined {
  if (err.code !== Errors.badRequest.code) return undefined;
  const data = err.data as { field?: unknown } | null | undefined;
  if (data && typeof data.field === 'string' && data.field) return data.field;
  return /^([\w.]+):\s/.exec(err.message)?.[1];
}

function translated(key: string, fallback: string, options: Record<string, string> = {}): string {
  if (i18n.language === SOURCE_LANGUAGE || !i18n.hasLoadedNamespace(NS)) return fallback;
  return i18n.t(key, { ns: NS, defaultValue: fallback, ...options });
}

/** The text to show for a failed call (see above). */
export function apiErrorText(err: ErrorLike): string {
  const name = errorNameOf(err);
  if (name) return translated(name, err.message || Errors[name].msg);
  const field = fieldOf(err);
  if (field) return translated('field', err.message, { field });
  return err.message || translated('unknown', Errors.unknown.msg);
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

/** zh-CN needs no catalogue (it is the server's text); other languages load it once, ahead of need. */
function preload(): void {
  if (i18n.language && i18n.language !== SOURCE_LANGUAGE && !i18n.hasLoadedNamespace(NS))
    void i18n.loadNamespaces(NS);
}
i18n.on('languageChanged', preload);
i18n.on('initialized', preload);
if (i18n.isInitialized) preload();
