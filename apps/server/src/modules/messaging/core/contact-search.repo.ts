import { c2cConversationId } from './conversation-id.js';
import { sql } from 'kysely';
import { Repo } from '../../../db/repo.js';

export interface ContactHit {
  userID: string;
  nick: string;
  avatar: string;
  remark: string;
  conversationID: string;
}

const LIMIT = 20;

/**
 * The conversation list's search box: friends whose nickname, remark or ID contains the keyword
 * (case-insensitive), then other people the caller has a visible conversation with.
 */
export class ContactSearch extends Repo {
  async search(userId: number, keyword: string): Promise<ContactHit[]> {
    const pattern = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const like = (col: string) => sql<boolean>`lower(${sql.ref(col)}) LIKE ${pattern} ESCAPE '\\'`;
    const friends = await this.db
      .selectFrom('friendships as f')
      .innerJoin('users as u', 'u.id', 'f.friend_id')
      .select(['u.wt_id', 'u.nick_name', 'u.avatar', 'f.remark'])
      .where('f.owner_id', '=', userId)
      .where((eb) => eb.or([like('u.nick_name'), like('f.remark'), like('u.wt_id')]))
      .orderBy('u.wt_id')
      .limit(LIMIT)
      .execute();
    const peers = await this.db
      .selectFrom('conversation_members as m')
      .innerJoin('users as u', 'u.id', 'm.peer_id')
      .select(['u.wt_id', 'u.nick_name', 'u.avatar'])
      .where('m.user_id', '=', userId)
      .where('m.visible', '=', 1)
      .where((eb) => eb.or([like('u.nick_name'), like('u.wt_id')]))
      .orderBy('m.activity_at', 'desc')
      .limit(LIMIT)
      .execute();
    const out = new Map<string, ContactHit>();
    for (const f of friends) {
      out.set(f.wt_id, {
        userID: f.wt_id,
        nick: f.nick_name,
        avatar: f.avatar,
        remark: f.remark,
        conversationID: c2cConversationId(f.wt_id),
      });
    }
    for (const p of peers) {
      if (!out.has(p.wt_id)) {
        out.set(p.wt_id, {
          userID: p.wt_id,
          nick: p.nick_name,
          avatar: p.avatar,
          remark: '',
          conversationID: c2cConversationId(p.wt_id),
        });
      }
    }
    return [...out.values()].slice(0, LIMIT);
  }
}
