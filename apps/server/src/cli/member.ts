import { MemberCodeLimits } from '@parley/protocol';
import { grantMembership } from '../modules/calls/usage.service.js';
import { issueMemberCodes } from '../modules/membership/member-code.js';
import { MembershipRepo } from '../modules/membership/membership.repo.js';
import { UserRepo } from '../modules/users/user.repo.js';
import { findAccount } from './account.js';
import { commandGroup, parseCommandArgs, wholeNumber, withDatabase, type Command } from './command.js';

const grant: Command = {
  name: 'grant',
  summary: 'make an account a member of a level (0 revokes)',
  help: `parley member grant <account> --level <0-10>

Makes the account (its ID or phone number) a member of the level, without an end date and without
a payment provider: level 1 or more has no daily call limit. Level 0 revokes the membership.`,
  async run(args, config, io) {
    const { values, positionals } = parseCommandArgs(
      this,
      args,
      { level: { type: 'string' } },
      { min: 1, max: 1, names: '<account>' },
    );
    const level = wholeNumber(this, 'level', values.level, 0, 10);
    await withDatabase(config(), async (handle) => {
      const user = await findAccount(handle, positionals[0]!);
      await grantMembership(new UserRepo(handle.db), user.wt_id, level, Date.now());
      io.out(level > 0 ? `${user.wt_id}: member, level ${level}` : `${user.wt_id}: membership revoked`);
    });
  },
};

const codes: Command = {
  name: 'codes',
  summary: 'print new single-use membership codes',
  help: `parley member codes --level <1-${MemberCodeLimits.maxLevel}> --days <1-${MemberCodeLimits.maxDays}> --count <1-${MemberCodeLimits.maxCount}>

Prints <count> new single-use membership codes, one per line on stdout (the database keeps only
their hashes: this is the only time they are shown). Redeeming one makes a member of the level for
the days.`,
  async run(args, config, io) {
    const { values } = parseCommandArgs(
      this,
      args,
      { level: { type: 'string' }, days: { type: 'string' }, count: { type: 'string' } },
      { min: 0, max: 0, names: '' },
    );
    const level = wholeNumber(this, 'level', values.level, 1, MemberCodeLimits.maxLevel);
    const days = wholeNumber(this, 'days', values.days, 1, MemberCodeLimits.maxDays);
    const count = wholeNumber(this, 'count', values.count, 1, MemberCodeLimits.maxCount);
    await withDatabase(config(), async (handle) => {
      const issued = await issueMemberCodes(new MembershipRepo(handle.db), level, days, count, Date.now());
      io.err(`${count} code(s): level ${level}, ${days} day(s) each`);
      io.out(issued.join('\n'));
    });
  },
};

export const memberCommands = commandGroup('member', 'memberships', [grant, codes]);
