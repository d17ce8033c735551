import { z } from 'zod';
import { messageRefBody } from '../rest/messages.js';

/** Languages a text message may be translated into (docs/api.md "Translation and voice to text"). */
export const translateTargets = ['zh', 'en', 'ja'] as const;
export type TranslateTarget = (typeof translateTargets)[number];

export const translateBody = messageRefBody.extend({
  targetLanguage: z.enum(translateTargets, { error: 'targetLanguage不支持' }),
});
export type TranslateBody = z.infer<typeof translateBody>;

export const translateResultSchema = z.object({
  translatedText: z.string(),
  /** The language the provider detected ('auto' when it did not say). */
  sourceLanguage: z.string(),
});
export type TranslateResult = z.infer<typeof translateResultSchema>;

export const voiceToTextBody = messageRefBody;
export const voiceToTextResultSchema = z.object({ text: z.string() });
export type VoiceToTextResult = z.infer<typeof voiceToTextResultSchema>;
