import { runOperatorTool } from '../../lib/operator-tool.js';
import { UserRepo } from '../users/user.repo.js';
import { grantMembership } from './usage.service.js';

/**
 * Operator tool: `npm run member:grant -w @parley/server -- <wtId> <level 0–10>` grants membership
 * (level ≥ 1: vipType 1, no daily call limit) or revokes it (0). No payment provider is involved.
 */
const [wtId, rawLevel] = process.argv.slice(2);
const level = Number(rawLevel);
if (!wtId || !Number.isInteger(level) || level < 0 || level > 10) {
  console.error('usage: npm run member:grant -w @parley/server -- <wtId> <level 0-10>');
  process.exit(2);
}
runOperatorTool(async (handle) => {
  const ok = await grantMembership(new UserRepo(handle.db), wtId, level, Date.now());
  if (!ok) {
    console.error(`no user with ID ${wtId}`);
    return 1;
  }
  console.log(level > 0 ? `${wtId}: member, level ${level}` : `${wtId}: membership revoked`);
});
