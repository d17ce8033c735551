import { Repo } from '../../db/repo.js';

export interface CachedResult {
  result: string;
  sourceLanguage: string;
}

/**
 * Provider answers kept per (message, language): a target language, or 'text' for a transcript.
 * A trigger drops a message's rows when it is revoked (migration 20261128070000).
 */
export class TranslationRepo extends Repo {
  async get(messageId: number, lang: string): Promise<CachedResult | undefined> {
    const row = await this.db
      .selectFrom('translation_cache')
      .select(['result', 'source_language'])
      .where('message_id', '=', messageId)
      .where('lang', '=', lang)
      .executeTakeFirst();
    return row && { result: row.result, sourceLanguage: row.source_language };
  }

  /**
   * Keeps an answer, unless the message was revoked while the provider worked (the trigger ran
   * before this row existed) or another request kept one first.
   */
  async put(messageId: number, lang: string, value: CachedResult, now: number): Promise<void> {
    await this.db
      .insertInto('translation_cache')
      .columns(['message_id', 'lang', 'result', 'source_language', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('messages')
          .select((s) => [
            s.val(messageId).as('message_id'),
            s.val(lang).as('lang'),
            s.val(value.result).as('result'),
            s.val(value.sourceLanguage).as('source_language'),
            s.val(now).as('created_at'),
          ])
          .where('id', '=', messageId)
          .where('revoked', '=', 0),
      )
      .onConflict((oc) => oc.columns(['message_id', 'lang']).doNothing())
      .execute();
  }
}
