import {
  translateBody,
  translateResultSchema,
  voiceToTextBody,
  voiceToTextResultSchema,
} from '../models/translation.js';
import type { SchemasOf } from './define.js';
import type { translationRoutes } from './translation.routes.js';

export const translationSchemas = {
  translate: {
    body: translateBody,
    response: translateResultSchema,
    errors: [
      'notFound',
      'wrongMessageType',
      'translationNotEnabled',
      'textTooLongToTranslate',
      'translateFailed',
      'rateLimited',
    ],
  },
  voiceToText: {
    body: voiceToTextBody,
    response: voiceToTextResultSchema,
    errors: [
      'notFound',
      'wrongMessageType',
      'translationNotEnabled',
      'fileMissing',
      'soundTooLarge',
      'transcribeFailed',
      'rateLimited',
    ],
  },
} as const satisfies SchemasOf<typeof translationRoutes>;
