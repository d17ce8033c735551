import { SessionRepo } from '../modules/auth/session.repo.js';
import { resetPassword } from '../modules/users/reset-password.js';
import { setSendBan } from '../modules/users/send-ban.js';
import { UserRepo } from '../modules/users/user.repo.js';
import { findAccount } from './account.js';
import { commandGroup, parseCommandArgs, withDatabase, type Command } from './command.js';
import { UsageError } from './cli-error.js';

const ban: Command = {
  name: 'ban',
  summary: 'bar an account from sending messages for some hours',
  help: `parley user ban <account> --hours <n>

Bars the account (its ID or phone number) from sending messages, one-to-one and in groups, for <n>
hours (up to 87600, ten years); its sends answer 20012 meanwhile. It can still log in and read.
\`parley reports\` lists what users reported. \`parley user unban\` lifts the ban early.`,
  async run(args, config, io) {
    const { values, positionals } = parseCommandArgs(
      this,
      args,
      { hours: { type: 'string' } },
      { min: 1, max: 1, names: '<account>' },
    );
    const hours = Number(values.hours);
    if (values.hours === undefined) throw new UsageError('missing --hours', this.help);
    if (!/^\d+(\.\d+)?$/.test(values.hours) || hours <= 0 || hours > 87600)
      throw new UsageError(`--hours must be a number above 0, up to 87600: ${values.hours}`, this.help);
    await withDatabase(config(), async (handle) => {
      const user = await findAccount(handle, positionals[0]!);
      const now = Date.now();
      const until = now + Math.round(hours * 3600_000);
      await setSendBan(new UserRepo(handle.db), user.wt_id, until, now);
      io.out(`${user.wt_id}: may not send until ${new Date(until).toISOString()}`);
    });
  },
};

const unban: Command = {
  name: 'unban',
  summary: 'lift a send ban',
  help: `parley user unban <account>

Lifts the send ban of the account (its ID or phone number) set by \`parley user ban\`.`,
  async run(args, config, io) {
    const { positionals } = parseCommandArgs(this, args, {}, { min: 1, max: 1, names: '<account>' });
    await withDatabase(config(), async (handle) => {
      const user = await findAccount(handle, positionals[0]!);
      await setSendBan(new UserRepo(handle.db), user.wt_id, 0, Date.now());
      io.out(`${user.wt_id}: ban lifted`);
    });
  },
};

const grantOfficial: Command = {
  name: 'grant-official',
  summary: 'mark an account official (--revoke: unmark it)',
  help: `parley user grant-official <account> [--revoke]

Marks the account (its ID or phone number) as official: its chats carry the 官方 tag and it cannot
be forwarded to. Only operators set it; no route changes it. --revoke unmarks it.`,
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
      io.out(official ? `${user.wt_id}: official` : `${user.wt_id}: no longer official`);
    });
  },
};

const resetPasswordCommand: Command = {
  name: 'reset-password',
  summary: 'give an account a new random password and end its sessions',
  help: `parley user reset-password <account>

Gives the account (its ID or phone number) a new random login password, printed once (only its
hash is stored), and ends every session of it: its next request answers 11016 (logged out) and
its open sockets close when they reconnect. Hand the password to the owner, who changes it in the
settings.`,
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
      io.err(`${user.wt_id}: new password set, ${sessionsEnded} session(s) ended`);
      io.out(password);
    });
  },
};

export const userCommands = commandGroup('user', 'manage one account', [
  ban,
  unban,
  grantOfficial,
  resetPasswordCommand,
]);
