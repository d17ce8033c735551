import type { AppContext } from '../../lib/context.js';
import { QuickPhraseRepo } from './quick-phrase.repo.js';
import { quickPhraseHandlers } from './quick-phrases.routes.js';
import { QuickPhrasesService } from './quick-phrases.service.js';

/** Quick phrases (常用语): each user's own list (docs/api.md "Quick phrases"). */
export function createQuickPhrasesModule(ctx: AppContext) {
  const service = new QuickPhrasesService(ctx, new QuickPhraseRepo(ctx.db));
  return { service, handlers: quickPhraseHandlers(service) };
}
