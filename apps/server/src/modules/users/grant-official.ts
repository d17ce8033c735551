import { runOperatorTool } from '../../lib/operator-tool.js';
import { UserRepo } from './user.repo.js';

/**
 * Operator tool: `npm run official:grant -w @parley/server -- <wtId> <1|0>` marks an account as
 * official (its chats carry the 官方 tag, it cannot be forwarded to) or unmarks it (0). Official
 * accounts are made by operators only; no route changes the flag.
 */
const [wtId, raw] = process.argv.slice(2);
if (!wtId || (raw !== '0' && raw !== '1')) {
  console.error('usage: npm run official:grant -w @parley/server -- <wtId> <1|0>');
  process.exit(2);
}
runOperatorTool(async (handle) => {
  const users = new UserRepo(handle.db);
  const user = await users.byWtId(wtId);
  if (!user) {
    console.error(`no user with ID ${wtId}`);
    return 1;
  }
  await users.update(user.id, { is_official: Number(raw), updated_at: Date.now() });
  console.log(raw === '1' ? `${wtId}: official` : `${wtId}: no longer official`);
});
