import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ok } from '@parley/protocol';
import { validate } from './validate.js';
import { requireSession, type Session } from './session.js';

export interface RouteRequest<B, Q> {
  body: B;
  query: Q;
  ip: string;
  deviceId: string;
  raw: FastifyRequest;
  reply: FastifyReply;
}

export interface AuthedRequest<B, Q> extends RouteRequest<B, Q> {
  session: Session;
  userId: number;
}

interface BaseDef<B extends z.ZodType, Q extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: B;
  query?: Q;
  /** Message of a successful answer (default 操作成功). */
  okMsg?: string;
}

type Inferred<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface PublicRoute<B extends z.ZodType, Q extends z.ZodType> extends BaseDef<B, Q> {
  auth: false;
  handler(req: RouteRequest<Inferred<B>, Inferred<Q>>): Promise<unknown> | unknown;
}

export interface PrivateRoute<B extends z.ZodType, Q extends z.ZodType> extends BaseDef<B, Q> {
  auth?: true;
  handler(req: AuthedRequest<Inferred<B>, Inferred<Q>>): Promise<unknown> | unknown;
}

export type RouteDef<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType> =
  PublicRoute<B, Q> | PrivateRoute<B, Q>;

/** Identity helper that keeps the handler's body/query types inferred from the schemas. */
export function route<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType>(
  def: RouteDef<B, Q>,
): RouteDef<B, Q> {
  return def;
}

/**
 * Registers thin routes (ARCHITECTURE.md convention 1): auth → validate → handler (service call) →
 * envelope. A handler returns the `data` of the envelope; errors are AppErrors thrown by services.
 */
export function registerRoutes(app: FastifyInstance, routes: RouteDef[]): void {
  for (const def of routes) {
    app.route({
      method: def.method,
      url: `/api${def.url}`,
      handler: async (request, reply) => {
        const base = {
          ip: request.ip,
          deviceId: String(request.headers['device-id'] ?? '').slice(0, 128),
          raw: request,
          reply,
        };
        const session = def.auth === false ? null : await requireSession(request);
        const body = def.body ? validate(def.body, request.body) : undefined;
        const query = def.query ? validate(def.query, request.query) : undefined;
        const data =
          def.auth === false
            ? await def.handler({ ...base, body, query })
            : await def.handler({ ...base, body, query, session: session!, userId: session!.userId });
        if (reply.sent) return reply;
        return ok(data ?? null, def.okMsg);
      },
    });
  }
}
