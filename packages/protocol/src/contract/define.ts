import type { z } from 'zod';
import type { ErrorName } from '../errors.js';

/**
 * The REST contract (docs/architecture.md "Contracts"). Each domain declares its routes in two
 * files, under the same keys:
 *  - `<domain>.routes.ts` — `<domain>Routes`: method, path and auth, with no schema, so the browser
 *    bundle imports the table without pulling in zod;
 *  - `<domain>.ts` — `<domain>Schemas`: the zod body/query/response schemas, the error names the
 *    route may answer and its success text. `satisfies SchemasOf<typeof routes>` makes a missing or
 *    extra key a compile error.
 * The server registers every route from both (apps/server/src/lib/route.ts); the web client calls
 * them by key (apps/web/src/lib/api.ts), typed from the schemas.
 */
export interface RouteMeta {
  readonly method: 'GET' | 'POST';
  /** Path under /api. */
  readonly path: string;
  /** false: callable without a session (login, register, QR polling, health). */
  readonly auth: boolean;
  /** The body is multipart/form-data, not JSON (uploads). */
  readonly multipart?: boolean;
}

export interface RouteSchemas {
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  /** Schema of the envelope's `data` on success. */
  readonly response: z.ZodType;
  /** Business errors the route may answer besides 400/401/429/500. */
  readonly errors: readonly ErrorName[];
  /** `msg` of a successful answer (default 操作成功). */
  readonly okMsg?: string;
}

export type SchemasOf<R extends Record<string, RouteMeta>> = { readonly [K in keyof R]: RouteSchemas };

export const get = <P extends string>(path: P, opts: { auth?: boolean } = {}) =>
  ({ method: 'GET', path, auth: opts.auth ?? true }) as const;

export const post = <P extends string>(path: P, opts: { auth?: boolean; multipart?: boolean } = {}) =>
  ({
    method: 'POST',
    path,
    auth: opts.auth ?? true,
    ...(opts.multipart ? { multipart: true } : {}),
  }) as const;

/** What a route's body accepts (its zod input), or never when it takes none. */
export type BodyIn<S extends RouteSchemas> = S['body'] extends z.ZodType ? z.input<S['body']> : undefined;
/** What a route's handler receives (the parsed body). */
export type BodyOut<S extends RouteSchemas> = S['body'] extends z.ZodType ? z.output<S['body']> : undefined;
/** The `data` of a successful answer. */
export type DataOf<S extends RouteSchemas> = z.output<S['response']>;
