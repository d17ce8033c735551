import type { DomainHandlers } from '../../lib/route.js';
import type { TranslationService } from './translation.service.js';

export function translationHandlers(service: TranslationService): DomainHandlers<'translation'> {
  return {
    translate: (r) => service.translate(r.userId, r.body),
    voiceToText: (r) => service.voiceToText(r.userId, r.body.messageID),
  };
}
