import type { QrCodeIssued, QrPollResult } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { fail } from '../../lib/errors.js';
import { randomToken, sha256 } from '../../lib/ids.js';
import type { Session } from '../../lib/session.js';
import { qrPolicy } from '../../policies/qr.policy.js';
import { authorize } from '../../policies/policy.js';
import type { UserRepo } from '../users/user.repo.js';
import type { AuthService, Caller } from './auth.service.js';
import { QrStatus, type QrRepo, type QrRow } from './qr.repo.js';

/**
 * QR login: the login page gets a short-lived code and polls it; a logged-in session (phone, other
 * tab) scans and confirms it; the next poll receives a new session. A code logs in once.
 */
export class QrService {
  constructor(
    private readonly ctx: AppContext,
    private readonly qr: QrRepo,
    private readonly users: UserRepo,
    private readonly auth: AuthService,
  ) {}

  async issue(caller: Caller): Promise<QrCodeIssued> {
    await this.auth.throttle(caller);
    const qrCode = randomToken(24);
    const now = this.ctx.clock.now();
    const expiresAt = now + this.ctx.config.qrTtlSeconds * 1000;
    await this.qr.insert({
      code: sha256(qrCode),
      status: QrStatus.waiting,
      user_id: null,
      device_id: caller.deviceId,
      created_at: now,
      expires_at: expiresAt,
    });
    if (Math.random() < 0.05) await this.qr.purge(now - this.ctx.config.qrTtlSeconds * 1000);
    return { qrCode, expiresAt };
  }

  /** Loads the code and asks the QR rules whether `userId` (0: no session) may do `action` with it. */
  private async load(
    action: 'qr.poll' | 'qr.scan' | 'qr.confirm',
    qrCode: string,
    userId: number,
  ): Promise<QrRow> {
    const row = await this.qr.get(sha256(qrCode));
    const code = row && {
      status: Number(row.status),
      expiresAt: Number(row.expires_at),
      scannedBy: row.user_id === null ? null : Number(row.user_id),
    };
    authorize(qrPolicy, action, { userId }, { code, now: this.ctx.clock.now() });
    return row!;
  }

  async poll(qrCode: string, caller: Caller): Promise<QrPollResult> {
    const row = await this.load('qr.poll', qrCode, 0);
    if (row.status !== QrStatus.confirmed || row.user_id === null) {
      return { status: row.status === QrStatus.scanned ? 1 : 0, expiresAt: row.expires_at };
    }
    if (!(await this.qr.transition(row.code, [QrStatus.confirmed], QrStatus.consumed))) throw fail('qrUsed');
    const user = await this.users.byId(Number(row.user_id));
    if (!user || user.status !== 0) throw fail('accountDisabled');
    const login = await this.auth.completeLogin(user, caller);
    return { status: 2, expiresAt: row.expires_at, login };
  }

  /** The first scan binds the code to its user; another user's scan is refused (403). */
  async scan(session: Session, qrCode: string): Promise<{ status: 0 | 1 | 2 }> {
    const row = await this.load('qr.scan', qrCode, session.userId);
    // Two scans at once: one binds the code, the other is asked again and refused (another user).
    if (!(await this.qr.transition(row.code, [QrStatus.waiting], QrStatus.scanned, session.userId)))
      await this.load('qr.scan', qrCode, session.userId);
    return { status: QrStatus.scanned };
  }

  /** Only the session that scanned the code may confirm it (a code nobody scanned: 26002). */
  async confirm(session: Session, qrCode: string): Promise<{ status: 0 | 1 | 2 }> {
    const row = await this.load('qr.confirm', qrCode, session.userId);
    if (!(await this.qr.transition(row.code, [QrStatus.scanned], QrStatus.confirmed, session.userId))) {
      throw fail('qrUsed');
    }
    return { status: QrStatus.confirmed };
  }
}
