import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import {
  OK_CODE,
  contractEntries,
  ok,
  type BodyOut,
  type ContractEntry,
  type Domain,
  type RouteData,
  type RouteName,
  type RouteSchemas,
  type Routes,
  type Schemas,
} from '@parley/protocol';
import { validate } from './validate.js';
import { requireSession, type Session } from './session.js';

/**
 * Thin routes (docs/architecture.md "A request's way"): auth → validate (the contract's zod body) →
 * handler (one service call) → envelope, serialized from the contract's response schema.
 * Every route of the contract table (packages/protocol/src/contract) must have a handler: a missing
 * one is a compile error in the module's `handlers` and a startup error here.
 */
export interface RouteRequest<B> {
  body: B;
  ip: string;
  deviceId: string;
  raw: FastifyRequest;
  reply: FastifyReply;
}

export interface AuthedRequest<B> extends RouteRequest<B> {
  session: Session;
  userId: number;
}

type SchemaAt<D extends Domain, K extends RouteName<D>> = Schemas[D][K] extends RouteSchemas
  ? Schemas[D][K]
  : never;
type IsPublic<D extends Domain, K extends RouteName<D>> = Routes[D][K] extends { auth: false } ? true : false;
type Req<D extends Domain, K extends RouteName<D>> =
  IsPublic<D, K> extends true
    ? RouteRequest<BodyOut<SchemaAt<D, K>>>
    : AuthedRequest<BodyOut<SchemaAt<D, K>>>;

export type Handler<D extends Domain, K extends RouteName<D>> = (
  req: Req<D, K>,
) => Promise<RouteData<D, K>> | RouteData<D, K>;

/** One handler per route of a domain. */
export type DomainHandlers<D extends Domain> = { [K in RouteName<D>]: Handler<D, K> };
export type ContractHandlers = { [D in Domain]?: DomainHandlers<D> };

export interface RegisterOptions {
  /** Check every success answer against its response schema (NODE_ENV=test: the test suites and
   * the browser suite's servers), so drift from the contract fails loudly. */
  validateResponses: boolean;
}

/** Registers every route of the contract table with the handlers the modules provide. */
export function registerContract(
  app: FastifyInstance,
  handlers: ContractHandlers,
  opts: RegisterOptions,
): void {
  const missing: string[] = [];
  for (const entry of contractEntries()) {
    const forDomain = handlers[entry.domain as Domain] as Record<string, AnyHandler> | undefined;
    const handler = forDomain?.[entry.name];
    if (!handler) {
      missing.push(`${entry.domain}.${entry.name}`);
      continue;
    }
    registerOne(app, entry, handler, opts);
  }
  if (missing.length) throw new Error(`contract routes without a handler: ${missing.join(', ')}`);
}

type AnyHandler = (req: AuthedRequest<unknown>) => unknown;

function registerOne(app: FastifyInstance, entry: ContractEntry, handler: AnyHandler, opts: RegisterOptions) {
  const { meta, schemas } = entry;
  const serialize = envelopeSerializer(schemas.response);
  app.route({
    method: meta.method,
    url: `/api${meta.path}`,
    // The contract's response schema serializes the envelope (fast-json-stringify): only declared
    // fields leave the server. Error envelopes (any code but 200) are plain JSON.
    serializerCompiler: () => serialize,
    schema: { response: { 200: { type: 'object' } } },
    handler: async (request, reply) => {
      const session = meta.auth ? await requireSession(request) : null;
      const body = schemas.body ? validate(schemas.body, request.body) : undefined;
      // One literal (a spread followed by new properties is V8's slow path on Node 20).
      const req = {
        ip: request.ip,
        deviceId: String(request.headers['device-id'] ?? '').slice(0, 128),
        raw: request,
        reply,
        body,
        ...(session ? { session, userId: session.userId } : {}),
      };
      const data = await handler(req as AuthedRequest<unknown>);
      if (reply.sent) return reply;
      if (opts.validateResponses) checkResponse(entry, data);
      return ok(data ?? null, schemas.okMsg);
    },
  });
}

/**
 * Compiles the success envelope once per route, at its first success: building ~150 serializers
 * took ~0.3 s of every start, before the node could take a socket (docs/architecture.md "Running
 * compiled"). Other envelopes, and schemas JSON Schema cannot express, use JSON.stringify.
 */
function envelopeSerializer(response: z.ZodType): (payload: unknown) => string {
  let compiled: ((doc: unknown) => string) | null | undefined;
  const compile = (): ((doc: unknown) => string) | null => {
    try {
      const { $schema: _drop, ...data } = z.toJSONSchema(response, {
        io: 'output',
        unrepresentable: 'any',
        target: 'draft-7',
      }) as Record<string, unknown>;
      return fastJson({
        type: 'object',
        properties: { code: { type: 'integer' }, msg: { type: 'string' }, data },
        required: ['code', 'msg', 'data'],
      } as Parameters<typeof fastJson>[0]);
    } catch {
      return null;
    }
  };
  return (payload) => {
    const env = payload as { code?: unknown } | null;
    if (!env || env.code !== OK_CODE) return JSON.stringify(payload);
    if (compiled === undefined) compiled = compile();
    return compiled ? compiled(payload) : JSON.stringify(payload);
  };
}

function checkResponse(entry: ContractEntry, data: unknown): void {
  const result = entry.schemas.response.safeParse(data ?? null);
  if (result.success) return;
  const issue = result.error.issues[0];
  throw new Error(
    `response of ${entry.meta.method} ${entry.meta.path} breaks its contract at ` +
      `'${issue?.path.join('.') ?? ''}': ${issue?.message ?? 'invalid'}`,
  );
}
