import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/** `scheme://host[:port]` of a URL, the default port left out, or undefined when it is none. */
function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The first value of a header a proxy may have sent as a comma-separated list. */
function firstOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0]?.trim() || undefined;
}

/**
 * The origin of the pages this node serves for this request: the scheme it came over (or
 * X-Forwarded-Proto behind TRUST_PROXY) with its Host (or X-Forwarded-Host behind TRUST_PROXY).
 */
function servedOrigin(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const host = (trustProxy ? firstOf(req.headers['x-forwarded-host']) : undefined) ?? req.headers.host;
  if (!host) return undefined;
  const forwardedProto = trustProxy ? firstOf(req.headers['x-forwarded-proto'])?.toLowerCase() : undefined;
  const scheme = forwardedProto ?? ((req.socket as Partial<TLSSocket>).encrypted ? 'https' : 'http');
  return originOf(`${scheme}://${host}`);
}

/**
 * Whether a socket upgrade may come from its page's origin: the origin this node serves (scheme,
 * host and port: see servedOrigin) or one of CORS_ORIGINS, compared as origins (scheme, host and
 * port). A request without an Origin header is no browser page (browsers always send it on a
 * WebSocket) and is let through: the token still decides. Another site's page, or this host's page
 * over another scheme or port, is refused, so it cannot open a socket with a token it got hold of in
 * the user's browser.
 */
export function originAllowed(
  req: IncomingMessage,
  config: { corsOrigins: readonly string[]; trustProxy: boolean },
): boolean {
  const header = req.headers.origin;
  if (header === undefined) return true;
  const origin = originOf(header);
  if (origin === undefined) return false;
  if (config.corsOrigins.some((allowed) => originOf(allowed) === origin)) return true;
  return servedOrigin(req, config.trustProxy) === origin;
}
