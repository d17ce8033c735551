/**
 * Keeps secrets out of the logs: the socket path `/ws/{token}`, query parameters that carry a token
 * (`token`, `imToken`, `access_token`, `ticket`), any query value that looks like one whatever its
 * name (20 or more URL-safe characters: session tokens, QR codes and tickets are 32–43), and the key
 * of a file link (`/api/oss/files/{key}`, which is all it takes to download the file) are logged
 * as `[redacted]`.
 */
const WS_TOKEN_PATH = /(\/ws\/)[^?#]+/i;
const FILE_KEY_PATH = /(\/oss\/files\/)[^?#]+/i;
const TOKEN_PARAM = /([?&](?:token|imtoken|access_token|ticket)=)[^&#]*/gi;
const TOKEN_LIKE_VALUE = /([?&][^=&#]*=)(?:[A-Za-z0-9_~.-]|%[0-9A-Fa-f]{2}){20,}(?=&|#|$)/g;

export const REDACTED = '[redacted]';

/** `url` with every token in it replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.search(/[?#]/);
  const path = q === -1 ? url : url.slice(0, q);
  const rest = q === -1 ? '' : url.slice(q);
  return (
    path.replace(WS_TOKEN_PATH, `$1${REDACTED}`).replace(FILE_KEY_PATH, `$1${REDACTED}`) +
    rest.replace(TOKEN_PARAM, `$1${REDACTED}`).replace(TOKEN_LIKE_VALUE, `$1${REDACTED}`)
  );
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
