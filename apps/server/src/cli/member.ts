import { MemberCodeLimits } from '@parley/protocol';
import { grantMembership } from '../modules/calls/usage.service.js';
import { issueMemberCodes } from '../modules/membership/member-code.js';
import { MembershipRepo } from '../modules/membership/membership.repo.js';
import { UserRepo } from '../modules/users/user.repo.js';
import { findAccount } from './account.js';
import { HelpTexts } from './texts/help.js';
import { CliTexts } from './texts/messages.js';
import { commandGroup, parseCommandArgs, wholeNumber, withDatabase, type Command } from './command.js';

const grant: Command = {
  name: 'grant',
  summary: HelpTexts.grant,
  help: HelpTexts.grantHelp,
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
      io.out(level > 0 ? CliTexts.member(user.wt_id, level) : CliTexts.memberRevoked(user.wt_id));
    });
  },
};

const codes: Command = {
  name: 'codes',
  summary: HelpTexts.codes,
  help: HelpTexts.codesHelp,
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
      io.err(CliTexts.codesIssued(count, level, days));
      io.out(issued.join('\n'));
    });
  },
};

export const memberCommands = commandGroup('member', HelpTexts.member, [grant, codes]);
