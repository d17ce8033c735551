import { UserRepo } from '../modules/users/user.repo.js';
import { findAccount } from './account.js';
import { commandGroup, parseCommandArgs, withDatabase, type Command } from './command.js';
import { HelpTexts } from './texts/help.js';
import { CliTexts } from './texts/messages.js';

const setOperator = (name: 'grant' | 'revoke', operator: 0 | 1): Command => ({
  name,
  summary: operator ? HelpTexts.adminGrant : HelpTexts.adminRevoke,
  help: operator ? HelpTexts.adminGrantHelp : HelpTexts.adminRevokeHelp,
  async run(args, config, io) {
    const { positionals } = parseCommandArgs(this, args, {}, { min: 1, max: 1, names: '<account>' });
    await withDatabase(config(), async (handle) => {
      const user = await findAccount(handle, positionals[0]!);
      await new UserRepo(handle.db).update(user.id, { is_operator: operator, updated_at: Date.now() });
      io.out(operator ? CliTexts.operator(user.wt_id) : CliTexts.notOperator(user.wt_id));
    });
  },
});

export const adminCommands = commandGroup('admin', HelpTexts.admin, [
  setOperator('grant', 1),
  setOperator('revoke', 0),
]);
