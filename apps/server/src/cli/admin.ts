import { UserRepo } from '../modules/users/user.repo.js';
import { findAccount } from './account.js';
import { commandGroup, parseCommandArgs, withDatabase, type Command } from './command.js';

const setOperator = (name: 'grant' | 'revoke', operator: 0 | 1): Command => ({
  name,
  summary: operator ? 'give an account the operator role (the admin console)' : 'take the operator role away',
  help: operator
    ? `parley admin grant <account>

Gives the account (its ID or phone number) the operator role: it may open the admin console in
the web app (docs/operations.md "Admin console"). Only this command grants it; no route does.`
    : `parley admin revoke <account>

Takes the operator role from the account (its ID or phone number): its next admin request
answers 28001.`,
  async run(args, config, io) {
    const { positionals } = parseCommandArgs(this, args, {}, { min: 1, max: 1, names: '<account>' });
    await withDatabase(config(), async (handle) => {
      const user = await findAccount(handle, positionals[0]!);
      await new UserRepo(handle.db).update(user.id, { is_operator: operator, updated_at: Date.now() });
      io.out(operator ? `${user.wt_id}: operator` : `${user.wt_id}: no longer an operator`);
    });
  },
});

export const adminCommands = commandGroup('admin', 'grant or revoke the operator role', [
  setOperator('grant', 1),
  setOperator('revoke', 0),
]);
