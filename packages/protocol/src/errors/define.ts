/** The languages every server text is written in; zh-CN is the default. */
export const LANGUAGES = ['zh-CN', 'en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** One text in every language. */
export type LocalizedText = Readonly<Record<Language, string>>;

/**
 * One catalogue entry: the code sent in the envelope, the HTTP status it travels with, and its text
 * in each language. `msg` is the zh-CN text (the default language).
 */
export interface ErrorDef {
  code: number;
  status: number;
  msg: string;
  texts: LocalizedText;
}

/**
 * `def(24001, 409, { 'zh-CN': '…', en: '…', ja: '…' })`: all three texts are required. `texts` is
 * not enumerable, so an entry still reads as the zh-CN envelope it is sent as (`{ code, status, msg }`,
 * what tests match an answer against).
 */
export function def(code: number, status: number, texts: LocalizedText): ErrorDef {
  const entry = { code, status, msg: texts['zh-CN'] } as ErrorDef;
  Object.defineProperty(entry, 'texts', { value: texts, enumerable: false });
  return entry;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
