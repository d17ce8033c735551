import type { FastifyRequest } from 'fastify';
import { fail } from './errors.js';

/** The caller of an authenticated request or socket. */
export interface Session {
  userId: number;
  tokenId: string;
  wtId: string;
  expiresAt: number;
}

export type SessionResolver = (token: string) => Promise<Session>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Installed by the auth module: token → session, or throws 401 / a session code. */
    resolveSession: SessionResolver;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1] ?? null;
}

/** Resolves the Bearer token of a request to a session or throws 401 / a session code. */
export async function requireSession(request: FastifyRequest): Promise<Session> {
  const token = bearerToken(request);
  if (!token) throw fail('unauthorized');
  const session = await request.server.resolveSession(token);
  request.callerUserId = session.userId;
  return session;
}
