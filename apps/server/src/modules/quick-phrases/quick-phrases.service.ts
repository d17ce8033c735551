import {
  ToolLimits,
  type AddQuickPhraseBody,
  type QuickPhrase,
  type UpdateQuickPhraseBody,
} from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import type { QuickPhraseRepo, QuickPhraseRow } from './quick-phrase.repo.js';

const present = (r: QuickPhraseRow): QuickPhrase => ({
  id: Number(r.id),
  word: r.word,
  wordSort: Number(r.word_sort),
});

/**
 * Quick phrases (常用语, docs/api.md "Quick phrases"): each user's own ordered list, at most
 * ToolLimits.quickPhrasesMax. An id of another user answers 24001 exactly like a missing one.
 * Every change answers the whole list in its order.
 */
export class QuickPhrasesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly phrases: QuickPhraseRepo,
  ) {}

  async list(userId: number): Promise<QuickPhrase[]> {
    return (await this.phrases.list(userId)).map(present);
  }

  async add(userId: number, body: AddQuickPhraseBody): Promise<QuickPhrase[]> {
    const current = await this.phrases.list(userId);
    if (current.length >= ToolLimits.quickPhrasesMax) throw fail('quickPhraseLimit');
    const last = current.at(-1);
    const sort = body.wordSort ?? (last ? Number(last.word_sort) + 1 : 0);
    await this.phrases.insert(userId, body.word, sort, this.ctx.clock.now());
    return this.list(userId);
  }

  async update(userId: number, body: UpdateQuickPhraseBody): Promise<QuickPhrase[]> {
    const n = await this.phrases.update(userId, body.id, body, this.ctx.clock.now());
    if (n === 0) throw fail('quickPhraseNotFound', undefined, { id: body.id });
    return this.list(userId);
  }

  /** `ids` in their new order; the caller's phrases not named keep their order after them. */
  async sort(userId: number, ids: number[]): Promise<QuickPhrase[]> {
    const unique = [...new Set(ids)];
    await this.assertOwned(userId, unique);
    const rest = (await this.phrases.list(userId))
      .map((r) => Number(r.id))
      .filter((id) => !unique.includes(id));
    await this.phrases.reorder(userId, [...unique, ...rest], this.ctx.clock.now());
    return this.list(userId);
  }

  async remove(userId: number, ids: number[]): Promise<QuickPhrase[]> {
    const unique = [...new Set(ids)];
    await this.assertOwned(userId, unique);
    await this.phrases.deleteMany(userId, unique);
    return this.list(userId);
  }

  private async assertOwned(userId: number, ids: number[]): Promise<void> {
    const owned = await this.phrases.ownedIds(userId, ids);
    const missing = ids.find((id) => !owned.has(id));
    if (missing !== undefined) throw fail('quickPhraseNotFound', undefined, { id: missing });
  }
}
