import type { FastifyBaseLogger } from 'fastify';
import type { TranslateTarget } from '@parley/protocol';
import type { TranslateConfig } from '../../../config.js';
import { callProvider } from './provider-call.js';
import type { Translator } from './types.js';

interface LibreAnswer {
  translatedText?: unknown;
  detectedLanguage?: { language?: unknown } | null;
}

/**
 * A LibreTranslate-compatible API (TRANSLATE_URL): `POST {url}/translate {q, source: 'auto', target,
 * format: 'text', api_key}` → `{translatedText, detectedLanguage: {language}}`.
 */
export class LibreTranslate implements Translator {
  constructor(
    private readonly config: TranslateConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  translate(text: string, target: TranslateTarget) {
    const body = JSON.stringify({
      q: text,
      source: 'auto',
      target,
      format: 'text',
      ...(this.config.apiKey ? { api_key: this.config.apiKey } : {}),
    });
    return callProvider({
      name: 'translate',
      url: `${this.config.url}/translate`,
      limits: this.config,
      log: this.log,
      init: () => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body }),
      parse: (json) => {
        const a = json as LibreAnswer;
        if (typeof a.translatedText !== 'string') throw new Error('no translatedText');
        const detected = a.detectedLanguage?.language;
        return {
          translatedText: a.translatedText,
          sourceLanguage: typeof detected === 'string' && detected ? detected.slice(0, 16) : 'auto',
        };
      },
    });
  }
}
