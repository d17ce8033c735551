import type { Duplex } from 'node:stream';
import { WebSocket } from 'ws';

/** A socket asked to close (shutdown, refused token) that is still open after this is cut. */
export const CLOSE_HANDSHAKE_MS = 3000;

/** A close reason may hold at most 123 bytes of UTF-8 (RFC 6455 §5.5.1). */
export const MAX_CLOSE_REASON_BYTES = 123;

/** Cuts `text` to at most `maxBytes` of UTF-8 without splitting a character. */
export function truncateUtf8(text: string, maxBytes = MAX_CLOSE_REASON_BYTES): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const n = Buffer.byteLength(ch);
    if (bytes + n > maxBytes) break;
    out += ch;
    bytes += n;
  }
  return out;
}

/** Short English texts for the session codes a socket can be refused with (fits a close reason). */
const SESSION_REASONS: Record<number, string> = {
  401: 'invalid token',
  11011: 'session expired',
  11013: 'session revoked',
  11014: 'account disabled',
  11016: 'forced logout',
};

/** Close reason for a refused token: the error code then a short text, e.g. `11013 session revoked`. */
export function refusalReason(code: number, message: string): string {
  return truncateUtf8(`${code} ${SESSION_REASONS[code] ?? message}`);
}

/** Codes an endpoint may send in a close frame (RFC 6455 §7.4, ws's own check). */
export function isSendableCloseCode(code: number): boolean {
  return (
    (code >= 1000 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) ||
    (code >= 3000 && code <= 4999)
  );
}

/** Closes with a code and reason without ever throwing (bad code → 1008, long reason → cut). */
export function safeClose(socket: WebSocket, code: number, reason: string): void {
  try {
    socket.close(isSendableCloseCode(code) ? code : 1008, truncateUtf8(reason));
  } catch {
    socket.terminate();
  }
}

/** Closes with a code and reason, and cuts the socket if the client does not complete the close. */
export function closeSoon(ws: WebSocket, code: number, reason: string): void {
  safeClose(ws, code, reason);
  setTimeout(() => {
    if (ws.readyState !== WebSocket.CLOSED) ws.terminate();
  }, CLOSE_HANDSHAKE_MS).unref();
}

/** Answers an upgrade request with a plain HTTP status and closes the connection. */
export function rejectUpgrade(socket: Duplex, status: number, text: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
