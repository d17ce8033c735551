import {
  ADMIN_AUDIT_PAGE,
  ADMIN_REPORTS_PAGE,
  ADMIN_USERS_PAGE,
  Errors,
  ReportState,
  type AdminAuditEntry,
  type AdminReport,
  type AdminUser,
} from '@parley/protocol';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import type { Session } from '../../lib/session.js';
import { adminPolicy } from '../../policies/admin.policy.js';
import { authorize } from '../../policies/policy.js';
import { verifyPassword } from '../auth/password.js';
import { SessionRepo } from '../auth/session.repo.js';
import { ReportRepo } from '../reports/report.repo.js';
import { resetPassword } from '../users/reset-password.js';
import { setSendBan } from '../users/send-ban.js';
import { UserRepo, type UserRow } from '../users/user.repo.js';
import { OpsGaugesRepo } from '../../lib/metrics/index.js';
import { AdminStatsRepo } from './admin-stats.repo.js';
import { AuditRepo, type AuditRow } from './audit.repo.js';
import { OperatorRepo } from './operator.repo.js';

/** A ban without an end: the latest time a JavaScript date holds. */
const NO_END = 8_640_000_000_000_000;

/** Who calls an admin route: the session and the address (kept in the audit log). */
export interface AdminCaller {
  session: Session;
  ip: string;
}

type Plain = keyof typeof adminPolicy extends infer A
  ? A extends 'admin.user.ban' | 'admin.user.resetPassword'
    ? never
    : A & string
  : never;

interface Audited<T> {
  before: object;
  after: object;
  answer: T;
}

const toAdminReport = (r: Awaited<ReturnType<ReportRepo['page']>>[number]): AdminReport => ({
  id: Number(r.id),
  reporterWtId: r.reporter,
  targetType: Number(r.target_type),
  target: (Number(r.target_type) === 1 ? r.target_group : r.target_user) ?? '',
  complaintType: r.complaint_type,
  detail: r.detail,
  images: r.images ? r.images.split(',') : [],
  reportState: Number(r.status),
  createdAt: Number(r.created_at),
});

const toAdminUser = (u: UserRow): AdminUser => ({
  wtId: u.wt_id,
  phone: u.phone,
  nickName: u.nick_name,
  avatar: u.avatar,
  status: Number(u.status),
  isOfficial: Number(u.is_official),
  isOperator: Boolean(Number(u.is_operator)),
  sendBannedUntil: Number(u.send_banned_until),
  createdAt: Number(u.created_at),
});

const toEntry = (r: AuditRow): AdminAuditEntry => ({
  id: Number(r.id),
  operatorWtId: r.operator_wt_id,
  action: r.action,
  target: r.target,
  before: JSON.parse(r.before_json) as unknown,
  after: JSON.parse(r.after_json) as unknown,
  ip: r.ip,
  createdAt: Number(r.created_at),
});

/**
 * The admin console's use cases (docs/operations.md "Admin console"). Each checks the caller with
 * adminPolicy first; each action writes its audit row in its own transaction.
 */
export class AdminService {
  private readonly operators: OperatorRepo;
  private readonly audits: AuditRepo;
  private readonly users: UserRepo;
  private readonly sessions: SessionRepo;
  private readonly reportRows: ReportRepo;
  private readonly stats: AdminStatsRepo;
  private readonly gauges: OpsGaugesRepo;

  constructor(
    private readonly ctx: AppContext,
    private readonly sockets: () => number,
  ) {
    this.operators = new OperatorRepo(ctx.db);
    this.audits = new AuditRepo(ctx.db);
    this.users = new UserRepo(ctx.db);
    this.sessions = new SessionRepo(ctx.db);
    this.reportRows = new ReportRepo(ctx.db);
    this.stats = new AdminStatsRepo(ctx.db);
    this.gauges = new OpsGaugesRepo(ctx.db);
  }

  private async allow(caller: AdminCaller, action: Plain): Promise<void> {
    const facts = await this.operators.facts(caller.session.userId, caller.session.tokenId);
    authorize(adminPolicy, action, caller.session, facts);
  }

  private async allowDestructive(caller: AdminCaller, action: 'admin.user.ban' | 'admin.user.resetPassword') {
    const facts = await this.operators.facts(caller.session.userId, caller.session.tokenId);
    authorize(adminPolicy, action, caller.session, { ...facts, now: this.ctx.clock.now() });
  }

  /** Counts for the overview; sockets are this node's. */
  async overview(caller: AdminCaller) {
    await this.allow(caller, 'admin.overview');
    const dayStart = Math.floor(this.ctx.clock.now() / 86_400_000) * 86_400_000;
    const [usersTotal, today, calls] = await Promise.all([
      this.stats.usersTotal(),
      this.stats.messagesSince(dayStart),
      this.gauges.activeCalls(),
    ]);
    return {
      usersTotal,
      activeToday: today.senders,
      messagesToday: today.messages,
      socketsNow: this.sockets(),
      callsNow: calls.oneToOne + calls.group,
    };
  }

  /** Accounts by wtId, phone (exact) or nickname (contains), ADMIN_USERS_PAGE a page. */
  async searchUsers(caller: AdminCaller, keyword: string, pageNum = 1) {
    await this.allow(caller, 'admin.users.read');
    const offset = (pageNum - 1) * ADMIN_USERS_PAGE;
    const [rows, total] = await Promise.all([
      this.stats.search(keyword, offset, ADMIN_USERS_PAGE),
      this.stats.searchCount(keyword),
    ]);
    return { users: rows.map(toAdminUser), total };
  }

  /** One account: its profile, open sessions, groups and reports against it. */
  async userPage(caller: AdminCaller, wtId: string) {
    await this.allow(caller, 'admin.users.read');
    const user = await this.users.byWtId(wtId);
    if (!user) throw fail('userNotFound', undefined, { field: 'wtId' });
    const counts = await this.stats.accountCounts(user.id, this.ctx.clock.now());
    return { user: toAdminUser(user), ...counts };
  }

  /** The operator's password again: destructive actions are allowed for ADMIN_CONFIRM_MS after. */
  async confirm(caller: AdminCaller, pwd: string): Promise<{ confirmedAt: number }> {
    await this.allow(caller, 'admin.confirm');
    const me = await this.users.byId(caller.session.userId);
    if (!me || !(await verifyPassword(me.pwd_hash, pwd)))
      throw fail('wrongPassword', undefined, { field: 'pwd' });
    const now = this.ctx.clock.now();
    await this.operators.confirm(caller.session.tokenId, now);
    return { confirmedAt: now };
  }

  /** Ban sending (20012 on every send) until `until`, or without end. */
  async ban(caller: AdminCaller, wtId: string, reason: string, until: number | undefined) {
    await this.allowDestructive(caller, 'admin.user.ban');
    return this.setBan(caller, 'user.ban', wtId, until ?? NO_END, reason);
  }

  async unban(caller: AdminCaller, wtId: string) {
    await this.allow(caller, 'admin.user.unban');
    return this.setBan(caller, 'user.unban', wtId, 0, undefined);
  }

  /** Ends every session of the account (11016 on its next request). */
  async signOut(caller: AdminCaller, wtId: string) {
    await this.allow(caller, 'admin.user.signOut');
    return this.act(caller, 'user.signOut', wtId, async (uow, user, now) => {
      const ended = await this.sessions
        .in(uow)
        .revokeTokens({ userId: user.id }, Errors.forcedLogout.code, now);
      return {
        before: {},
        after: { sessionsEnded: ended.length },
        answer: { wtId: user.wt_id, sessionsEnded: ended.length },
      };
    });
  }

  /** A new one-time password, answered once; the account's sessions end. */
  async resetPassword(caller: AdminCaller, wtId: string) {
    await this.allowDestructive(caller, 'admin.user.resetPassword');
    return this.act(caller, 'user.resetPassword', wtId, async (uow, user, now) => {
      const r = await resetPassword(
        this.users.in(uow),
        this.sessions.in(uow),
        user.id,
        this.ctx.config.passwordCost,
        now,
      );
      return { before: {}, after: { sessionsEnded: r.sessionsEnded }, answer: { wtId: user.wt_id, ...r } };
    });
  }

  /** Grants (1) or revokes (0) the official mark. */
  async official(caller: AdminCaller, wtId: string, isOfficial: 0 | 1) {
    await this.allow(caller, 'admin.user.official');
    return this.act(caller, 'user.official', wtId, async (uow, user, now) => {
      await this.users.in(uow).update(user.id, { is_official: isOfficial, updated_at: now });
      return {
        before: { isOfficial: Number(user.is_official) },
        after: { isOfficial },
        answer: { wtId: user.wt_id, isOfficial },
      };
    });
  }

  /** One action on an account, and its audit row, in one transaction. */
  private act<T>(
    caller: AdminCaller,
    action: string,
    wtId: string,
    work: (uow: UnitOfWork, user: UserRow, now: number) => Promise<Audited<T>>,
  ): Promise<T> {
    return this.audited(caller, action, async (uow, now) => {
      const user = await this.users.in(uow).byWtId(wtId);
      if (!user) throw fail('userNotFound', undefined, { field: 'wtId' });
      return { target: user.wt_id, ...(await work(uow, user, now)) };
    });
  }

  /** Runs `work` and writes its audit row in one transaction. */
  private audited<T>(
    caller: AdminCaller,
    action: string,
    work: (uow: UnitOfWork, now: number) => Promise<Audited<T> & { target: string }>,
  ): Promise<T> {
    const now = this.ctx.clock.now();
    return this.ctx.uow.run(async (uow) => {
      const { target, before, after, answer } = await work(uow, now);
      await this.audits.in(uow).add({
        operator_id: caller.session.userId,
        action,
        target,
        before_json: JSON.stringify(before),
        after_json: JSON.stringify(after),
        ip: caller.ip,
        created_at: now,
      });
      return answer;
    });
  }

  /** The reports queue, newest first, of one state when given. */
  async reports(caller: AdminCaller, f: { reportState?: number; pageNum?: number }) {
    await this.allow(caller, 'admin.reports.read');
    const offset = ((f.pageNum ?? 1) - 1) * ADMIN_REPORTS_PAGE;
    const [rows, total] = await Promise.all([
      this.reportRows.page(f.reportState, offset, ADMIN_REPORTS_PAGE),
      this.reportRows.count(f.reportState),
    ]);
    return { reports: rows.map(toAdminReport), total };
  }

  /** Dismiss (nothing wrong) or mark handled: the report leaves the new queue. */
  async closeReport(caller: AdminCaller, reportId: number, state: 1 | 2) {
    await this.allow(caller, 'admin.report.handle');
    const action = state === ReportState.dismissed ? 'report.dismiss' : 'report.handled';
    return this.audited(caller, action, async (uow) => this.setReportState(uow, reportId, state));
  }

  /** Bans the reported user from sending and marks the report handled. */
  async banReported(caller: AdminCaller, reportId: number, reason: string, until: number | undefined) {
    await this.allowDestructive(caller, 'admin.user.ban');
    const end = until ?? NO_END;
    return this.audited(caller, 'report.banSender', async (uow, now) => {
      const report = await this.reportRows.in(uow).byId(reportId);
      if (!report) throw fail('adminReportNotFound', undefined, { field: 'reportId' });
      if (Number(report.target_type) !== 0)
        throw fail('adminReportNotUser', undefined, { field: 'reportId' });
      const user = await this.users.in(uow).byId(Number(report.target_id));
      if (!user) throw fail('userNotFound');
      await setSendBan(this.users.in(uow), user.wt_id, end, now);
      const closed = await this.setReportState(uow, reportId, ReportState.handled);
      return {
        ...closed,
        before: { ...closed.before, sendBannedUntil: Number(user.send_banned_until) },
        after: { ...closed.after, wtId: user.wt_id, sendBannedUntil: end, reason },
      };
    });
  }

  private async setReportState(uow: UnitOfWork, reportId: number, state: number) {
    const reports = this.reportRows.in(uow);
    const report = await reports.byId(reportId);
    if (!report) throw fail('adminReportNotFound', undefined, { field: 'reportId' });
    await reports.setStatus(reportId, state);
    return {
      target: `report:${reportId}`,
      before: { reportState: Number(report.status) },
      after: { reportState: state },
      answer: { reportId, reportState: state },
    };
  }

  private setBan(caller: AdminCaller, action: string, wtId: string, until: number, reason?: string) {
    return this.act(caller, action, wtId, async (uow, user, now) => {
      await setSendBan(this.users.in(uow), user.wt_id, until, now);
      return {
        before: { sendBannedUntil: Number(user.send_banned_until) },
        after: { sendBannedUntil: until, ...(reason === undefined ? {} : { reason }) },
        answer: { wtId: user.wt_id, sendBannedUntil: until },
      };
    });
  }

  /** The audit log, newest first, ADMIN_AUDIT_PAGE rows a page. */
  async audit(
    caller: AdminCaller,
    f: { adminAction?: string; operatorWtId?: string; targetWtId?: string; pageNum?: number },
  ): Promise<{ entries: AdminAuditEntry[]; total: number }> {
    await this.allow(caller, 'admin.audit.read');
    let operatorId: number | undefined;
    if (f.operatorWtId) {
      const op = await this.users.byWtId(f.operatorWtId);
      if (!op) return { entries: [], total: 0 };
      operatorId = op.id;
    }
    const filter = { action: f.adminAction, operatorId, target: f.targetWtId };
    const offset = ((f.pageNum ?? 1) - 1) * ADMIN_AUDIT_PAGE;
    const [rows, total] = await Promise.all([
      this.audits.page(filter, offset, ADMIN_AUDIT_PAGE),
      this.audits.count(filter),
    ]);
    return { entries: rows.map(toEntry), total };
  }
}
