import { UserRepo, type UserRow } from '../modules/users/user.repo.js';
import type { DbHandle } from '../db/index.js';
import { CliError } from './cli-error.js';
import { CliTexts } from './texts/messages.js';

/** The account an operator names: its ID (wtId) or, failing that, its phone number. */
export async function findAccount(handle: DbHandle, account: string): Promise<UserRow> {
  const users = new UserRepo(handle.db);
  const user =
    (await users.byWtId(account)) ?? (/^\d{5,20}$/.test(account) ? await users.byPhone(account) : undefined);
  if (!user) throw new CliError(CliTexts.noAccount(account));
  return user;
}
