import type { FastifyBaseLogger } from 'fastify';
import type { AsrConfig } from '../../../config.js';
import { callProvider } from './provider-call.js';
import type { Recording, Transcriber } from './types.js';

type OpenAiAsr = Extract<AsrConfig, { kind: 'openai' }>;

/**
 * An OpenAI-compatible transcription API (ASR_URL; whisper.cpp's server, faster-whisper servers,
 * LocalAI): `POST {url}/v1/audio/transcriptions`, multipart `file` and `model` → `{text}`.
 */
export class OpenAiTranscriber implements Transcriber {
  constructor(
    private readonly config: OpenAiAsr,
    private readonly log: FastifyBaseLogger,
  ) {}

  transcribe(audio: Recording): Promise<string> {
    return callProvider<string>({
      name: 'asr',
      url: `${this.config.url}/v1/audio/transcriptions`,
      limits: this.config,
      log: this.log,
      init: (): RequestInit => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(audio.bytes)], { type: audio.mime }), audio.fileName);
        form.append('model', this.config.model);
        form.append('response_format', 'json');
        const headers: Record<string, string> = {};
        if (this.config.apiKey) headers.authorization = `Bearer ${this.config.apiKey}`;
        return { method: 'POST', body: form, headers };
      },
      parse: (json) => {
        const text = (json as { text?: unknown }).text;
        if (typeof text !== 'string') throw new Error('no text');
        return text.trim();
      },
    });
  }
}
