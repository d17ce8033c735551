import { ADMIN_AUDIT_PAGE, type AdminAuditEntry } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import type { Session } from '../../lib/session.js';
import { adminPolicy } from '../../policies/admin.policy.js';
import { authorize } from '../../policies/policy.js';
import { verifyPassword } from '../auth/password.js';
import { setSendBan } from '../users/send-ban.js';
import { UserRepo } from '../users/user.repo.js';
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

  constructor(private readonly ctx: AppContext) {
    this.operators = new OperatorRepo(ctx.db);
    this.audits = new AuditRepo(ctx.db);
    this.users = new UserRepo(ctx.db);
  }

  private async allow(caller: AdminCaller, action: Plain): Promise<void> {
    const facts = await this.operators.facts(caller.session.userId, caller.session.tokenId);
    authorize(adminPolicy, action, caller.session, facts);
  }

  private async allowDestructive(caller: AdminCaller, action: 'admin.user.ban' | 'admin.user.resetPassword') {
    const facts = await this.operators.facts(caller.session.userId, caller.session.tokenId);
    authorize(adminPolicy, action, caller.session, { ...facts, now: this.ctx.clock.now() });
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

  private async setBan(caller: AdminCaller, action: string, wtId: string, until: number, reason?: string) {
    const now = this.ctx.clock.now();
    return this.ctx.uow.run(async (uow) => {
      const users = this.users.in(uow);
      const user = await users.byWtId(wtId);
      if (!user) throw fail('userNotFound', undefined, { field: 'wtId' });
      await setSendBan(users, user.wt_id, until, now);
      await this.audits.in(uow).add({
        operator_id: caller.session.userId,
        action,
        target: user.wt_id,
        before_json: JSON.stringify({ sendBannedUntil: Number(user.send_banned_until) }),
        after_json: JSON.stringify({ sendBannedUntil: until, ...(reason === undefined ? {} : { reason }) }),
        ip: caller.ip,
        created_at: now,
      });
      return { wtId: user.wt_id, sendBannedUntil: until };
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
