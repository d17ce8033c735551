import type { DomainHandlers } from '../../lib/route.js';
import type { QuickPhrasesService } from './quick-phrases.service.js';

/** Handlers of the `quickPhrases` routes of the contract (packages/protocol/src/contract/quick-phrases.ts). */
export function quickPhraseHandlers(phrases: QuickPhrasesService): DomainHandlers<'quickPhrases'> {
  return {
    list: (r) => phrases.list(r.userId),
    add: (r) => phrases.add(r.userId, r.body),
    sort: (r) => phrases.sort(r.userId, r.body.ids),
    update: (r) => phrases.update(r.userId, r.body),
    remove: (r) => phrases.remove(r.userId, r.body.ids),
  };
}
