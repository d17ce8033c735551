import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/index.js';
import { UserRepo } from '../users/user.repo.js';
import { grantMembership } from './usage.service.js';

/**
 * Operator tool: `npm run member:grant -w @parley/server -- <wtId> <level 0–10>` grants membership
 * (level ≥ 1: vipType 1, no daily call limit) or revokes it (0). No payment provider is involved.
 */
async function main() {
  const [wtId, rawLevel] = process.argv.slice(2);
  const level = Number(rawLevel);
  if (!wtId || !Number.isInteger(level) || level < 0 || level > 10) {
    console.error('usage: npm run member:grant -w @parley/server -- <wtId> <level 0-10>');
    process.exitCode = 2;
    return;
  }
  const handle = await openDatabase(loadConfig());
  try {
    const ok = await grantMembership(new UserRepo(handle.db), wtId, level, Date.now());
    if (!ok) {
      console.error(`no user with ID ${wtId}`);
      process.exitCode = 1;
      return;
    }
    console.log(level > 0 ? `${wtId}: member, level ${level}` : `${wtId}: membership revoked`);
  } finally {
    await handle.close();
  }
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => process.exit());
