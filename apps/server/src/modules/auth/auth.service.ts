import type {
  LoginIdBody,
  LoginPwdBody,
  LoginResult,
  RegisterBody,
  Step2Body,
  Step2Challenge,
} from '@parley/protocol';
import { Errors, ErrorDetails } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, fail } from '../../lib/errors.js';
import { generateWtId, randomToken, sha256 } from '../../lib/ids.js';
import type { Limiter } from '../../lib/rate-limiter.js';
import type { Session } from '../../lib/session.js';
import { newUserRow, type UserRepo, type UserRow } from '../users/user.repo.js';
import { toUserInfo } from '../users/user.presenter.js';
import { hashPassword, verifyPassword } from './password.js';
import type { SessionRepo } from './session.repo.js';
import type { SessionService } from './session.service.js';

const TICKET_TTL_MS = 5 * 60 * 1000;
const TICKET_MAX_FAILURES = 5;
const LOCK_WINDOW_MS = 15 * 60 * 1000;
const STEP2_FAILURES_PER_ACCOUNT = 10;
/** Failures from all clients together that close an account to clients it has never let in. */
export const ACCOUNT_CEILING_FACTOR = 10;
/** How long a client that logged in to an account stays "known" to it. */
const KNOWN_CLIENT_MS = 30 * 24 * 60 * 60 * 1000;
/** wtIds starting with these are reserved for system accounts (ids starting C2Cyx are special). */
const RESERVED_PREFIXES = ['yx', 'admin', 'system', 'parley'];

export interface Caller {
  ip: string;
  deviceId: string;
}

/** Registration, password login, second-step password, logout. */
export class AuthService {
  private readonly ipLimiter: Limiter;
  private readonly clientFailures: Limiter;
  private readonly accountFailures: Limiter;
  private readonly knownClients: Limiter;
  private readonly step2Failures: Limiter;

  constructor(
    private readonly ctx: AppContext,
    private readonly users: UserRepo,
    private readonly sessionRepo: SessionRepo,
    private readonly sessions: SessionService,
  ) {
    this.ipLimiter = ctx.limiters('auth-ip', ctx.config.authIpPerMinute, 60_000);
    const perClient = ctx.config.loginFailuresPerAccount;
    this.clientFailures = ctx.limiters('login-fail', perClient, LOCK_WINDOW_MS);
    this.accountFailures = ctx.limiters('login-fail-all', perClient * ACCOUNT_CEILING_FACTOR, LOCK_WINDOW_MS);
    // Limit 1: a key is "blocked" (= known) once it was hit by one successful login.
    this.knownClients = ctx.limiters('login-known', 1, KNOWN_CLIENT_MS);
    this.step2Failures = ctx.limiters('step2-fail', STEP2_FAILURES_PER_ACCOUNT, LOCK_WINDOW_MS);
  }

  /** Per-IP throttle shared by every unauthenticated auth endpoint. */
  async throttle(caller: Caller): Promise<void> {
    if (!(await this.ipLimiter.hit(caller.ip))) throw fail('rateLimited');
  }

  async register(body: RegisterBody, caller: Caller): Promise<LoginResult> {
    await this.throttle(caller);
    if (await this.users.byPhone(body.phone)) throw fail('phoneTaken');
    let wtId = body.wtId;
    if (wtId) {
      if (RESERVED_PREFIXES.some((p) => wtId!.toLowerCase().startsWith(p)))
        throw fail('wtIdTaken', ErrorDetails.wtIdReserved, { field: 'wtId' });
      if (await this.users.byWtId(wtId)) throw fail('wtIdTaken');
    } else {
      do wtId = generateWtId();
      while (await this.users.byWtId(wtId));
    }
    const now = this.ctx.clock.now();
    let user: UserRow;
    try {
      user = await this.users.insert(
        newUserRow({
          wtId,
          phone: body.phone,
          nickName: body.nickName,
          pwdHash: await hashPassword(body.pwd, this.ctx.config.passwordCost),
          now,
        }),
      );
    } catch (err) {
      // A concurrent registration won a unique index: name the field that collided.
      if (isUniqueViolation(err, 'wt_id')) throw fail('wtIdTaken');
      if (isUniqueViolation(err)) throw fail('phoneTaken');
      throw err;
    }
    for (const hook of this.registered) await hook(Number(user.id));
    return this.completeLogin(user, caller);
  }

  private readonly registered: Array<(userId: number) => Promise<void>> = [];

  /** Runs `hook` after each registration, before its login answer (hooks handle their own failures). */
  onRegistered(hook: (userId: number) => Promise<void>): void {
    this.registered.push(hook);
  }

  loginByPhone(body: LoginPwdBody, caller: Caller): Promise<LoginResult> {
    return this.passwordLogin(`phone:${body.phone}`, () => this.users.byPhone(body.phone), body.pwd, caller);
  }

  loginById(body: LoginIdBody, caller: Caller): Promise<LoginResult> {
    return this.passwordLogin(
      `wt:${body.wtId.toLowerCase()}`,
      () => this.users.byWtId(body.wtId),
      body.pwd,
      caller,
    );
  }

  /**
   * Returns the login, or throws AppError 712 carrying the second-step challenge.
   *
   * Lockout (docs/api.md "Login lockout"): wrong passwords are counted per (account, client), the
   * client being the IP together with the `device-id` header. LOGIN_FAILURES_PER_ACCOUNT of them in
   * 15 minutes lock that client out of that account (10004, even for the right password), so
   * someone guessing from elsewhere cannot lock the owner out of their own device. Guessing from
   * many clients is stopped by a ceiling of ACCOUNT_CEILING_FACTOR times as many failures per
   * account from all clients: past it, only clients that logged in to the account before (within
   * 30 days) may still try; every other client gets 10004 until the window ends. A success clears
   * the client's count, not the account's.
   */
  private async passwordLogin(
    accountKey: string,
    find: () => Promise<UserRow | undefined>,
    pwd: string,
    caller: Caller,
  ): Promise<LoginResult> {
    await this.throttle(caller);
    const clientKey = `${accountKey}|${caller.ip}|${caller.deviceId}`;
    if (await this.clientFailures.blocked(clientKey)) throw fail('loginLocked');
    if ((await this.accountFailures.blocked(accountKey)) && !(await this.knownClients.blocked(clientKey)))
      throw fail('loginLocked');
    const user = await find();
    const good = user ? await verifyPassword(user.pwd_hash, pwd) : false;
    if (!user || !good) {
      await Promise.all([this.clientFailures.hit(clientKey), this.accountFailures.hit(accountKey)]);
      throw fail('wrongPassword');
    }
    if (user.status !== 0) throw fail('accountDisabled');
    await Promise.all([this.clientFailures.reset(clientKey), this.knownClients.hit(clientKey)]);
    if (user.step2_hash) throw await this.challenge(user, caller);
    return this.completeLogin(user, caller);
  }

  private async challenge(user: UserRow, caller: Caller): Promise<AppError> {
    const ticket = randomToken(24);
    await this.sessionRepo.insertTicket({
      id: sha256(ticket),
      user_id: user.id,
      device_id: caller.deviceId,
      expires_at: this.ctx.clock.now() + TICKET_TTL_MS,
      used_at: null,
      failures: 0,
    });
    const data: Step2Challenge = { ticket, tips: user.step2_tips };
    return new AppError(Errors.step2Required, undefined, data);
  }

  private async liveTicket(ticket: string) {
    const row = await this.sessionRepo.ticket(sha256(ticket));
    if (
      !row ||
      row.used_at !== null ||
      row.expires_at <= this.ctx.clock.now() ||
      row.failures >= TICKET_MAX_FAILURES
    ) {
      throw fail('step2TicketInvalid');
    }
    return row;
  }

  async step2Tips(ticket: string, caller: Caller): Promise<{ tips: string }> {
    await this.throttle(caller);
    const row = await this.liveTicket(ticket);
    const user = await this.users.byId(Number(row.user_id));
    return { tips: user?.step2_tips ?? '' };
  }

  /**
   * Second step. Each ticket allows TICKET_MAX_FAILURES attempts, claimed atomically before the slow
   * hash check (parallel guesses cannot exceed it), and each account allows STEP2_FAILURES_PER_ACCOUNT
   * wrong second passwords per 15 minutes however many tickets the first password obtains.
   */
  async step2(body: Step2Body, caller: Caller): Promise<LoginResult> {
    await this.throttle(caller);
    const row = await this.liveTicket(body.ticket);
    const accountKey = `step2:${row.user_id}`;
    if (await this.step2Failures.blocked(accountKey)) throw fail('loginLocked');
    if (!(await this.sessionRepo.claimTicketAttempt(row.id, TICKET_MAX_FAILURES)))
      throw fail('step2TicketInvalid');
    const user = await this.users.byId(Number(row.user_id));
    if (!user || !user.step2_hash) throw fail('step2TicketInvalid');
    if (!(await verifyPassword(user.step2_hash, body.pwd))) {
      await this.step2Failures.hit(accountKey);
      throw fail('step2Wrong');
    }
    if (!(await this.sessionRepo.useTicket(row.id, this.ctx.clock.now()))) throw fail('step2TicketInvalid');
    await this.step2Failures.reset(accountKey);
    return this.completeLogin(user, caller);
  }

  /** Sets (or with '' clears) the second-step password; needs the current login password. */
  async setStep2(session: Session, body: { pwd: string; tips?: string; currentPwd: string }): Promise<void> {
    const user = await this.users.byId(session.userId);
    if (!user) throw fail('unauthorized');
    if (!(await verifyPassword(user.pwd_hash, body.currentPwd)))
      throw fail('wrongPassword', ErrorDetails.currentPasswordWrong, { field: 'currentPwd' });
    await this.users.update(user.id, {
      step2_hash: body.pwd ? await hashPassword(body.pwd, this.ctx.config.passwordCost) : null,
      step2_tips: body.pwd ? (body.tips ?? '') : '',
      updated_at: this.ctx.clock.now(),
    });
  }

  async completeLogin(user: UserRow, caller: Caller): Promise<LoginResult> {
    const { token, expiresAt } = await this.sessions.issue(user.id, caller.deviceId);
    return { ...toUserInfo(user), token, imToken: token, expiresAt };
  }
}
