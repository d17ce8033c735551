import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Stand-ins for the providers Parley cannot run in a test: small HTTP servers speaking the public
 * protocols (LibreTranslate's POST /translate, OpenAI's POST /v1/audio/transcriptions). Each keeps
 * the requests it received; `failNext` makes the next answers fail with a status.
 */
export interface StandIn {
  url: string;
  requests: Array<{ path: string; headers: http.IncomingHttpHeaders; body: Buffer }>;
  /** The next `count` requests are answered with `status` (default 503). */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

async function standIn(
  answer: (path: string, req: http.IncomingMessage, body: Buffer) => Promise<unknown>,
  port = 0,
) {
  const requests: StandIn['requests'] = [];
  let failing = 0;
  let failStatus = 503;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = req.url ?? '';
      requests.push({ path, headers: req.headers, body });
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (failing > 0) {
        failing--;
        return reply(failStatus, { error: 'stand-in failure' });
      }
      answer(path, req, body).then(
        (json) => reply(200, json),
        (err: Error) => reply(400, { error: err.message }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    failNext(count: number, status = 503) {
      failing = count;
      failStatus = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies StandIn;
}

/** LibreTranslate: `{q, source, target, format, api_key}` → `{translatedText: '[target] q', detectedLanguage}`. */
export function libreTranslateStandIn(port = 0): Promise<StandIn> {
  return standIn(async (path, _req, body) => {
    if (path !== '/translate') throw new Error(`unexpected path ${path}`);
    const q = JSON.parse(body.toString('utf8')) as { q: string; target: string };
    return { translatedText: `[${q.target}] ${q.q}`, detectedLanguage: { confidence: 90, language: 'en' } };
  }, port);
}

/** An OpenAI-compatible transcription API: multipart `file`, `model` → `{text}` naming what it got. */
export function transcriptionStandIn(port = 0): Promise<StandIn> {
  return standIn(async (path, req, body) => {
    if (path !== '/v1/audio/transcriptions') throw new Error(`unexpected path ${path}`);
    const form = await new Request('http://stand-in/', {
      method: 'POST',
      headers: { 'content-type': String(req.headers['content-type']) },
      body: new Uint8Array(body),
    }).formData();
    const file = form.get('file') as File;
    return { text: `heard ${file.size} bytes with ${String(form.get('model'))}` };
  }, port);
}

/** A multipart request's parts as the stand-in received them. */
export async function partsOf(r: StandIn['requests'][number]) {
  const form = await new Request('http://stand-in/', {
    method: 'POST',
    headers: { 'content-type': String(r.headers['content-type']) },
    body: new Uint8Array(r.body),
  }).formData();
  const file = form.get('file') as File;
  return { model: form.get('model'), fileName: file.name, bytes: Buffer.from(await file.arrayBuffer()) };
}

/** A short PCM WAV (RIFF/WAVE header and `n` samples of silence): what the uploads accept as audio. */
export function wav(n = 1600): Buffer {
  const data = Buffer.alloc(n * 2);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(16000, 24);
  h.writeUInt32LE(32000, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}
