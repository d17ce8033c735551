import {
  charLength,
  type TranslateBody,
  type TranslateResult,
  type VoiceToTextResult,
} from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import type { Limiter } from '../../lib/rate-limiter.js';
import { readableMessage } from '../messaging/core/readable-message.js';
import { ProviderError, type Providers, type Recording } from './providers/index.js';
import { TranslationRepo } from './translation.repo.js';

/** The stored recording behind a sound message's URL: 'missing' (not one of ours), 'tooLarge'. */
export type RecordingLoader = (url: string, maxBytes: number) => Promise<Recording | 'missing' | 'tooLarge'>;

/** The cache's language key of a transcript. */
const TRANSCRIPT = 'text';

/**
 * Translating text messages and transcribing sound messages the caller can see (docs/api.md
 * "Translation and voice to text"). Answers are kept per (message, language), so asking again does
 * not reach the provider; requests for the same answer that overlap share one provider call.
 */
export class TranslationService {
  private readonly cache: TranslationRepo;
  private readonly limiter: Limiter;
  private readonly inFlight = new Map<string, Promise<{ result: string; sourceLanguage: string }>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly providers: Providers,
    private readonly loadRecording: RecordingLoader,
  ) {
    this.cache = new TranslationRepo(ctx.db);
    this.limiter = ctx.limiters('message.translate', ctx.config.translatePerMinute, 60_000);
  }

  async translate(userId: number, body: TranslateBody): Promise<TranslateResult> {
    const translator = this.providers.translator;
    if (!translator) throw fail('translationNotEnabled');
    const row = await this.message(userId, body.messageID, 'text');
    const answer = await this.once(row.id, body.targetLanguage, async () => {
      const text = String((JSON.parse(row.payload) as { text?: unknown }).text ?? '');
      if (charLength(text) > this.ctx.config.translate!.maxChars) throw fail('textTooLongToTranslate');
      try {
        const r = await translator.translate(text, body.targetLanguage);
        this.ctx.metrics.provider('translate', false);
        return { result: r.translatedText, sourceLanguage: r.sourceLanguage };
      } catch (err) {
        this.ctx.metrics.provider('translate', true);
        if (err instanceof ProviderError) throw fail('translateFailed');
        throw err;
      }
    });
    return { translatedText: answer.result, sourceLanguage: answer.sourceLanguage };
  }

  async voiceToText(userId: number, messageID: string): Promise<VoiceToTextResult> {
    const transcriber = this.providers.transcriber;
    if (!transcriber) throw fail('translationNotEnabled');
    const row = await this.message(userId, messageID, 'sound');
    const answer = await this.once(row.id, TRANSCRIPT, async () => {
      const url = String((JSON.parse(row.payload) as { url?: unknown }).url ?? '');
      const audio = await this.loadRecording(url, this.ctx.config.asr!.maxBytes);
      if (audio === 'missing') throw fail('fileMissing');
      if (audio === 'tooLarge') throw fail('soundTooLarge');
      try {
        const result = await transcriber.transcribe(audio);
        this.ctx.metrics.provider('asr', false);
        return { result, sourceLanguage: '' };
      } catch (err) {
        this.ctx.metrics.provider('asr', true);
        if (err instanceof ProviderError) throw fail('transcribeFailed');
        throw err;
      }
    });
    return { text: answer.result };
  }

  /** The message if the caller may see it and it is of `type`; counts against the caller's limit. */
  private async message(userId: number, messageID: string, type: 'text' | 'sound') {
    if (!(await this.limiter.hit(String(userId)))) throw fail('rateLimited');
    const row = await readableMessage(this.ctx.db, userId, messageID, this.ctx.clock.now());
    if (row.type !== type) throw fail('wrongMessageType');
    return row;
  }

  /** The kept answer, or `work`'s (kept), with one call at a time per (message, language) on this node. */
  private async once(
    messageId: number,
    lang: string,
    work: () => Promise<{ result: string; sourceLanguage: string }>,
  ) {
    const kept = await this.cache.get(messageId, lang);
    if (kept) return { result: kept.result, sourceLanguage: kept.sourceLanguage };
    const key = `${messageId}:${lang}`;
    let running = this.inFlight.get(key);
    if (!running) {
      running = (async () => {
        // A request that missed the cache just as another one kept its answer finds it here.
        const now = await this.cache.get(messageId, lang);
        if (now) return { result: now.result, sourceLanguage: now.sourceLanguage };
        const answer = await work();
        await this.cache.put(messageId, lang, answer, this.ctx.clock.now());
        return answer;
      })().finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, running);
    }
    return running;
  }
}
