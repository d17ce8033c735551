import { Errors, WsClose, type ErrorDef } from '@parley/protocol';
import type { AppContext } from '../../lib/context.js';
import { AppError, fail } from '../../lib/errors.js';
import { randomToken, sha256, shortId } from '../../lib/ids.js';
import type { Session } from '../../lib/session.js';
import type { SessionRepo } from './session.repo.js';

const codeToError = new Map<number, ErrorDef>(
  [Errors.sessionExpired, Errors.sessionRevoked, Errors.accountDisabled, Errors.forcedLogout].map((e) => [
    e.code,
    e,
  ]),
);

/** Issues, resolves and revokes session tokens. Tokens are random; only their SHA-256 is stored. */
export class SessionService {
  constructor(
    private readonly ctx: AppContext,
    private readonly sessions: SessionRepo,
  ) {}

  async issue(
    userId: number,
    deviceId: string,
  ): Promise<{ token: string; tokenId: string; expiresAt: number }> {
    const token = randomToken(32);
    const now = this.ctx.clock.now();
    const expiresAt = now + this.ctx.config.tokenTtlSeconds * 1000;
    const tokenId = shortId();
    await this.sessions.insertToken({
      id: tokenId,
      user_id: userId,
      token_hash: sha256(token),
      device_id: deviceId,
      created_at: now,
      expires_at: expiresAt,
      revoked_at: null,
      revoke_code: null,
    });
    return { token, tokenId, expiresAt };
  }

  /** token → session. Unknown: 401. Revoked: the stored session code. Expired: 11011. */
  async resolve(token: string): Promise<Session> {
    if (token.length < 16 || token.length > 128) throw fail('unauthorized');
    const row = await this.sessions.sessionByHash(sha256(token));
    if (!row) throw fail('unauthorized');
    this.assertLive(row);
    if (row.wt_id === null || row.status === null) throw fail('unauthorized');
    if (Number(row.status) !== 0) throw fail('accountDisabled');
    return { userId: Number(row.user_id), tokenId: row.id, wtId: row.wt_id, expiresAt: row.expires_at };
  }

  private assertLive(row: { revoked_at: number | null; revoke_code: number | null; expires_at: number }) {
    if (row.revoked_at !== null) {
      throw new AppError(codeToError.get(row.revoke_code ?? 0) ?? Errors.sessionRevoked);
    }
    if (row.expires_at <= this.ctx.clock.now()) throw fail('sessionExpired');
  }

  /** Logout: revoke this token and close its sockets everywhere. */
  async logout(session: Session): Promise<void> {
    const ids = await this.sessions.revokeTokens(
      { id: session.tokenId },
      Errors.sessionRevoked.code,
      this.ctx.clock.now(),
    );
    await this.ctx.realtime.closeTokens(session.userId, ids, {
      closeCode: WsClose.sessionEnded,
      reason: 'logged out',
    });
  }

  /**
   * Ends sessions of a user (all, or all but one) with a session code; their sockets get type -1 with
   * the text first, then close.
   */
  async revokeUser(userId: number, code: ErrorDef, exceptTokenId?: string): Promise<number> {
    const ids = await this.sessions.revokeTokens(
      { userId, exceptId: exceptTokenId },
      code.code,
      this.ctx.clock.now(),
    );
    await this.ctx.realtime.closeTokens(userId, ids, {
      closeCode: WsClose.forcedLogout,
      reason: 'forced logout',
      frame: { type: -1, data: { text: code.msg, code: code.code } },
    });
    return ids.length;
  }
}
