import { Repo } from '../../db/repo.js';

/** SQL of an operator's session: the role and the last password confirmation. */
export class OperatorRepo extends Repo {
  async facts(userId: number, tokenId: string): Promise<{ isOperator: boolean; confirmedAt: number | null }> {
    const row = await this.db
      .selectFrom('users as u')
      .leftJoin('auth_tokens as t', (j) => j.on('t.id', '=', tokenId).onRef('t.user_id', '=', 'u.id'))
      .select(['u.is_operator', 't.admin_confirmed_at'])
      .where('u.id', '=', userId)
      .executeTakeFirst();
    const at = row?.admin_confirmed_at;
    return {
      isOperator: Boolean(row && Number(row.is_operator)),
      confirmedAt: at == null ? null : Number(at),
    };
  }

  async confirm(tokenId: string, at: number): Promise<void> {
    await this.db
      .updateTable('auth_tokens')
      .set({ admin_confirmed_at: at })
      .where('id', '=', tokenId)
      .execute();
  }
}
