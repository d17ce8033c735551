import { SessionRepo } from '../modules/auth/session.repo.js';
import { resetPassword } from '../modules/users/reset-password.js';
import { setSendBan } from '../modules/users/send-ban.js';
import { UserRepo } from '../modules/users/user.repo.js';
import { findAccount } from './account.js';
import { commandGroup, parseCommandArgs, withDatabase, type Command } from './command.js';
import { UsageError } from './cli-error.js';
import { HelpTexts } from './texts/help.js';
import { CliTexts } from './texts/messages.js';

const ban: Command = {
  name: 'ban',
  summary: HelpTexts.ban,
  help: HelpTexts.banHelp,
  async run(args, config, io) {
    const { values, positionals } = parseCommandArgs(
      this,
      args,
      { hours: { type: 'string' } },
      { min: 1, max: 1, names: '<account>' },
    );
    const hours = Number(values.hours);
    if (values.hours === undefined) throw new UsageError(CliTexts.missingArgument('--hours'), this.help);
    if (!/^\d+(\.\d+)?$/.test(values.hours) || hours <= 0 || hours > 87600)
      throw new UsageError(CliTexts.hours(values.hours), this.help);
    await withDatabase(config(), async (handle) => {
      const user = await findAccount(handle, positionals[0]!);
      const now = Date.now();
      const until = now + Math.round(hours * 3600_000);
      await setSendBan(new UserRepo(handle.db), user.wt_id, until, now);
      io.out(CliTexts.banned(user.wt_id, new Date(until).toISOString()));
    });
  },
};

const unban: Command = {
  name: 'unban',
  summary: HelpTexts.unban,
  help: HelpTexts.unbanHelp,
  async run(args, config, io) {
    const { positionals } = parseCommandArgs(this, args, {}, { min: 1, max: 1, names: '<account>' });
    await withDatabase(config(), async (handle) => {
      const user = await findAccount(handle, positionals[0]!);
      await setSendBan(new UserRepo(handle.db), user.wt_id, 0, Date.now());
      io.out(CliTexts.unbanned(user.wt_id));
    });
  },
};

const grantOfficial: Command = {
  name: 'grant-official',
  summary: HelpTexts.grantOfficial,
  help: HelpTexts.grantOfficialHelp,
  async run(args, config, io) {
    const { values, positionals } = parseCommandArgs(
      this,
      args,
      { revoke: { type: 'boolean' } },
      { min: 1, max: 1, names: '<account>' },
    );
    await withDatabase(config(), async (handle) => {
      const user = await findAccount(handle, positionals[0]!);
      const official = values.revoke ? 0 : 1;
      await new UserRepo(handle.db).update(user.id, { is_official: official, updated_at: Date.now() });
      io.out(official ? CliTexts.official(user.wt_id) : CliTexts.notOfficial(user.wt_id));
    });
  },
};

const resetPasswordCommand: Command = {
  name: 'reset-password',
  summary: HelpTexts.resetPassword,
  help: HelpTexts.resetPasswordHelp,
  async run(args, config, io) {
    const { positionals } = parseCommandArgs(this, args, {}, { min: 1, max: 1, names: '<account>' });
    const cfg = config();
    await withDatabase(cfg, async (handle) => {
      const user = await findAccount(handle, positionals[0]!);
      const { password, sessionsEnded } = await resetPassword(
        new UserRepo(handle.db),
        new SessionRepo(handle.db),
        user.id,
        cfg.passwordCost,
        Date.now(),
      );
      io.err(CliTexts.passwordReset(user.wt_id, sessionsEnded));
      io.out(password);
    });
  },
};

export const userCommands = commandGroup('user', HelpTexts.user, [
  ban,
  unban,
  grantOfficial,
  resetPasswordCommand,
]);
