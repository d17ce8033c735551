import { isLanguage, type Language } from '@parley/protocol';
import i18n from './i18n';
import { getVisitorId } from './visitor';

export const API_BASE = '/api';
export const APP_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';

/** The language texts are shown in, and the one the server answers in (docs/api.md "Languages"). */
export function uiLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'zh-CN';
}

/** The headers of every API request (a JSON body adds its Content-Type). */
export function requestHeaders(token: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Device-Id': getVisitorId(),
    'App-Version': APP_VERSION,
    'Accept-Language': uiLanguage(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}
