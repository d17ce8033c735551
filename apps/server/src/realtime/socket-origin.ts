import type { IncomingMessage } from 'node:http';

/**
 * Whether a socket upgrade may come from its page's origin: the origin this node serves (the
 * request's Host, or X-Forwarded-Host behind TRUST_PROXY) or one of CORS_ORIGINS. A request without
 * an Origin header is no browser page (browsers always send it on a WebSocket) and is let through:
 * the token still decides. Another site's page is refused, so it cannot open a socket with a token
 * it got hold of in the user's browser.
 */
export function originAllowed(
  req: IncomingMessage,
  config: { corsOrigins: readonly string[]; trustProxy: boolean },
): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (config.corsOrigins.includes(origin)) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  const forwarded = config.trustProxy ? req.headers['x-forwarded-host'] : undefined;
  const served =
    (typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined) ?? req.headers.host;
  return served !== undefined && host.toLowerCase() === served.toLowerCase();
}
