import { parseArgs } from 'node:util';
import { MemberCodeLimits } from '@parley/protocol';
import { runOperatorTool } from '../../lib/operator-tool.js';
import { issueMemberCodes } from './member-code.js';
import { MembershipRepo } from './membership.repo.js';

/**
 * Operator tool: `npm run member:codes -w @parley/server -- --level N --days D --count K` prints K
 * new single-use membership codes, one per line (the database keeps only their hashes, so this is
 * the only time they are shown). Redeeming one makes a member of level N for D days.
 */
const usage = `usage: npm run member:codes -w @parley/server -- --level <1-${MemberCodeLimits.maxLevel}> --days <1-${MemberCodeLimits.maxDays}> --count <1-${MemberCodeLimits.maxCount}>`;
const whole = (raw: string | undefined, max: number) => {
  const n = Number(raw);
  return raw !== undefined && /^\d+$/.test(raw) && n >= 1 && n <= max ? n : null;
};
let values: Record<string, string | undefined>;
try {
  ({ values } = parseArgs({
    options: { level: { type: 'string' }, days: { type: 'string' }, count: { type: 'string' } },
  }));
} catch {
  console.error(usage);
  process.exit(2);
}
const level = whole(values.level, MemberCodeLimits.maxLevel);
const days = whole(values.days, MemberCodeLimits.maxDays);
const count = whole(values.count, MemberCodeLimits.maxCount);
if (level === null || days === null || count === null) {
  console.error(usage);
  process.exit(2);
}
runOperatorTool(async (handle) => {
  const codes = await issueMemberCodes(new MembershipRepo(handle.db), level, days, count, Date.now());
  console.error(`${count} code(s): level ${level}, ${days} day(s) each`);
  console.log(codes.join('\n'));
});
