import type { Message } from '@parley/protocol';
import { Repo } from '../../../db/repo.js';

/** Merged chat records: the forwarded messages as they were, by an unguessable download key. */
export class MergedRecordRepo extends Repo {
  async insert(key: string, ownerId: number, messages: Message[], now: number): Promise<void> {
    await this.db
      .insertInto('merged_records')
      .values({ download_key: key, owner_id: ownerId, messages: JSON.stringify(messages), created_at: now })
      .onConflict((oc) => oc.column('download_key').doNothing())
      .execute();
  }

  async byKey(key: string): Promise<Message[] | undefined> {
    const row = await this.db
      .selectFrom('merged_records')
      .select('messages')
      .where('download_key', '=', key)
      .executeTakeFirst();
    return row ? (JSON.parse(row.messages) as Message[]) : undefined;
  }
}
