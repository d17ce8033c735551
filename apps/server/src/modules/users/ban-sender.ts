import { runOperatorTool } from '../../lib/operator-tool.js';
import { setSendBan } from './send-ban.js';
import { UserRepo } from './user.repo.js';

/**
 * Operator tool: `npm run user:ban -w @parley/server -- <wtId> <hours>` bans an account from sending
 * messages for that many hours (the reports listed by `npm run reports` are the usual reason); 0 lifts
 * the ban. Its messages answer 20012 meanwhile.
 */
const [wtId, raw] = process.argv.slice(2);
const hours = Number(raw);
if (!wtId || raw === undefined || !Number.isFinite(hours) || hours < 0) {
  console.error('usage: npm run user:ban -w @parley/server -- <wtId> <hours, 0 lifts the ban>');
  process.exit(2);
}
runOperatorTool(async (handle) => {
  const now = Date.now();
  const until = hours > 0 ? now + Math.round(hours * 3600_000) : 0;
  if (!(await setSendBan(new UserRepo(handle.db), wtId, until, now))) {
    console.error(`no user with ID ${wtId}`);
    return 1;
  }
  console.log(until ? `${wtId}: may not send until ${new Date(until).toISOString()}` : `${wtId}: ban lifted`);
});
