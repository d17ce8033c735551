import {
  routes,
  type Domain,
  type RouteBody,
  type RouteData,
  type RouteMeta,
  type RouteName,
} from '@parley/protocol';
import { request, type RequestOptions } from './http';

export type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

/**
 * Calls a route of the contract table by domain and name (docs/architecture.md "Contracts"): the
 * path and method come from the table, the body and answer types from its schemas. No URL is written
 * in the client, and no answer is cast by hand.
 *
 *   const item = await call('friends', 'updateRemark', { friendsWtId, remark });
 */
export function call<D extends Domain, K extends RouteName<D>>(
  domain: D,
  name: K,
  ...[body, opts]: RouteBody<D, K> extends undefined
    ? [body?: undefined, opts?: CallOptions]
    : [body: RouteBody<D, K>, opts?: CallOptions]
): Promise<RouteData<D, K>> {
  const meta = routes[domain][name] as RouteMeta;
  return request<RouteData<D, K>>(meta.path, {
    ...opts,
    method: meta.method,
    body: meta.method === 'POST' ? (body ?? {}) : undefined,
  });
}

/** A multipart route of the contract (uploads): the body is the form. */
export function callMultipart<D extends Domain, K extends RouteName<D>>(
  domain: D,
  name: K,
  form: FormData,
  opts?: CallOptions,
): Promise<RouteData<D, K>> {
  const meta = routes[domain][name] as RouteMeta;
  return request<RouteData<D, K>>(meta.path, { ...opts, method: meta.method, body: form });
}
