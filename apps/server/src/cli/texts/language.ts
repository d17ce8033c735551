import type { Language, LocalizedText } from '@parley/protocol';
import { languageOfTag } from '../../lib/language.js';

/** What the CLI prints: a text in every language, or a string that is the same in all (a code, a path). */
export type Text = string | LocalizedText;

/** A text in one language. */
export const inLanguage = (text: Text, lang: Language): string =>
  typeof text === 'string' ? text : text[lang];

/** A locale name (`ja_JP.UTF-8`, `en_US`, `zh_CN`) as a language we write, or null (`C`, `POSIX`, `fr_FR`). */
export function languageOfLocale(locale: string): Language | null {
  const name = locale.trim();
  if (name === '' || name === 'C' || name === 'POSIX' || /^C\./i.test(name)) return null;
  return languageOfTag(name.split('.')[0]!.split('@')[0]!);
}

/**
 * The language `parley` writes in: PARLEY_LANG when it names one of ours, else the first set of
 * LC_ALL, LC_MESSAGES, LANG (the POSIX order). A C/POSIX, unset or unknown locale is English, as
 * for other command-line tools (docs/operations.md "Operator CLI").
 */
export function cliLanguage(env: Record<string, string | undefined>): Language {
  const chosen = env.PARLEY_LANG ? languageOfLocale(env.PARLEY_LANG) : null;
  if (chosen) return chosen;
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '');
  return (locale && languageOfLocale(locale)) || 'en';
}
