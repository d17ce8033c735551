import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.js';
import { LibreTranslate } from './libretranslate.js';
import { OpenAiTranscriber } from './openai-transcriber.js';
import { PocketSphinxTranscriber } from './pocketsphinx.js';
import type { Transcriber, Translator } from './types.js';

export { ProviderError } from './provider-call.js';
export type { Recording, Transcriber, Translator } from './types.js';

/** The configured providers; none by default (docs/operations.md "Translation and voice to text"). */
export interface Providers {
  translator: Translator | null;
  transcriber: Transcriber | null;
}

export function createProviders(config: Config, log: FastifyBaseLogger): Providers {
  const asr = config.asr;
  return {
    translator: config.translate ? new LibreTranslate(config.translate, log) : null,
    transcriber: !asr
      ? null
      : asr.kind === 'pocketsphinx'
        ? new PocketSphinxTranscriber(asr, log)
        : new OpenAiTranscriber(asr, log),
  };
}
