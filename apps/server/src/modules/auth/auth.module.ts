import type { AppContext } from '../../lib/context.js';
import type { UsersModule } from '../users/users.module.js';
import { authHandlers } from './auth.routes.js';
import { AuthService } from './auth.service.js';
import { QrRepo } from './qr.repo.js';
import { QrService } from './qr.service.js';
import { SessionRepo } from './session.repo.js';
import { SessionService } from './session.service.js';

export function createAuthModule(ctx: AppContext, users: UsersModule) {
  const sessionRepo = new SessionRepo(ctx.db);
  const sessions = new SessionService(ctx, sessionRepo);
  const auth = new AuthService(ctx, users.repo, sessionRepo, sessions);
  const qr = new QrService(ctx, new QrRepo(ctx.db), users.repo, auth);
  return { sessions, auth, qr, handlers: authHandlers(auth, sessions, qr) };
}
export type AuthModule = ReturnType<typeof createAuthModule>;
