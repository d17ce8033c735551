import type { TranslateTarget } from '@parley/protocol';

/** A translation provider: one text into one language. Throws ProviderError when it fails. */
export interface Translator {
  translate(
    text: string,
    target: TranslateTarget,
  ): Promise<{ translatedText: string; sourceLanguage: string }>;
}

/** A recording as stored: its bytes, type and a file name with its extension. */
export interface Recording {
  bytes: Buffer;
  mime: string;
  fileName: string;
}

/** A voice-to-text provider. Throws ProviderError when it fails. */
export interface Transcriber {
  transcribe(audio: Recording): Promise<string>;
}
