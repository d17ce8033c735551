import { post } from './define.js';

/** Translating a text message and transcribing a sound message (docs/api.md "Translation and voice to text"). */
export const translationRoutes = {
  translate: post('/message/translate'),
  voiceToText: post('/message/voiceToText'),
} as const;
