/**
 * Keeps session tokens out of the logs: the socket path `/ws/{token}` and query parameters that
 * carry a token (`token`, `imToken`, `access_token`, `ticket`) are logged as `[redacted]`.
 */
const WS_TOKEN_PATH = /(\/ws\/)[^?#]+/i;
const TOKEN_PARAM = /([?&](?:token|imtoken|access_token|ticket)=)[^&#]*/gi;

export const REDACTED = '[redacted]';

/** `url` with every token in it replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.search(/[?#]/);
  const path = q === -1 ? url : url.slice(0, q);
  const rest = q === -1 ? '' : url.slice(q);
  return path.replace(WS_TOKEN_PATH, `$1${REDACTED}`) + rest.replace(TOKEN_PARAM, `$1${REDACTED}`);
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer with the URL redacted (`logger.serializers.req`). */
export function redactedRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url ?? ''),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
