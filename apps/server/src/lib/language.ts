import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '@parley/protocol';

/** The saved language of a user (user_configs.language), null when never chosen. */
export type SavedLanguageLookup = (userId: number) => Promise<Language | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Installed by the users module. */
    savedLanguage: SavedLanguageLookup;
  }
  interface FastifyRequest {
    /** The signed-in caller, once the session is known (its saved language is the fallback). */
    callerUserId: number | null;
  }
}

/** Longest header read and most ranges looked at: a flood of ranges costs a bounded parse. */
const MAX_HEADER = 256;
const MAX_RANGES = 16;

/** A language range (`ja-JP`, `zh-Hant`, `en`) as the language we write, or null. */
export function languageOfTag(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'zh') return 'zh-CN';
  if (primary === 'en') return 'en';
  if (primary === 'ja') return 'ja';
  return null;
}

/**
 * The caller's preferred language we write, from an Accept-Language header
 * (`ja-JP,ja;q=0.9,en;q=0.8`): the highest q that maps to zh-CN, en or ja; ties keep header order.
 * Null when the header names none of them.
 */
export function languageFromHeader(header: string | string[] | undefined): Language | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  let best: Language | null = null;
  let bestQ = 0;
  for (const range of value.slice(0, MAX_HEADER).split(',').slice(0, MAX_RANGES)) {
    const [tag = '', ...params] = range.split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    const lang = languageOfTag(tag);
    if (lang && Number.isFinite(q) && q > bestQ) {
      best = lang;
      bestQ = q;
    }
  }
  return best;
}

/** The language a request is answered in: Accept-Language, then the caller's saved language, then zh-CN. */
export async function requestLanguage(request: FastifyRequest): Promise<Language> {
  const asked = languageFromHeader(request.headers['accept-language']);
  if (asked) return asked;
  const userId = request.callerUserId;
  if (userId === null) return DEFAULT_LANGUAGE;
  try {
    return (await request.server.savedLanguage(userId)) ?? DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}
