import { Errors, type ErrorDef, type ErrorName, type Language, type LocalizedText } from '@parley/protocol';

/** `{name}` placeholders of a detail text, filled in every language. */
export type TextParams = Readonly<Record<string, string | number>>;

/**
 * A failure a caller should see: it carries its envelope code, HTTP status and text. The text is
 * the catalogue entry's, or a more specific detail text (protocol `ErrorDetails`); `message` is its
 * zh-CN form (logs), `textIn` the caller's language.
 */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;
  readonly data: unknown;
  readonly texts: LocalizedText;
  readonly params: TextParams | undefined;

  constructor(def: ErrorDef, detail?: LocalizedText, data: unknown = null, params?: TextParams) {
    const texts = detail ?? def.texts;
    super(fillParams(texts['zh-CN'], params));
    this.code = def.code;
    this.status = def.status;
    this.data = data;
    this.texts = texts;
    this.params = params;
  }

  /** The text in `lang`. */
  textIn(lang: Language): string {
    return fillParams(this.texts[lang], this.params);
  }
}

export function fillParams(text: string, params: TextParams | undefined): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(params, key) ? String(params[key]) : whole,
  );
}

/** `fail('notFound')` or `fail('badRequest', ErrorDetails.complaintType, { field: 'complaintType' })`. */
export function fail(name: ErrorName, detail?: LocalizedText, data?: unknown, params?: TextParams): AppError {
  return new AppError(Errors[name], detail, data, params);
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

/** The envelope of a refusal that is no AppError (framework errors), in `lang`. */
export function refusal(def: ErrorDef, lang: Language, detail?: LocalizedText) {
  return { code: def.code, msg: (detail ?? def.texts)[lang], data: null };
}
