/**
 * Baseline peer for the connection bench: a bare `ws` server (no auth, no registry, no heartbeat)
 * with the same socket options as the gateway. It answers the same IPC commands, so the runner can
 * put Parley's numbers next to the floor the library itself sets.
 */
import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ServerCommand, ServerReply } from './ipc.js';
import { wallNow } from './ipc.js';

function reply(message: ServerReply): void {
  process.send?.(message);
}

const sockets = new Set<WebSocket>();
const httpServer = http.createServer((_req, res) => res.writeHead(404).end());
const wss = new WebSocketServer({
  noServer: true,
  maxPayload: 64 * 1024,
  perMessageDeflate: false,
  clientTracking: false,
});
httpServer.on('upgrade', (req, socket, head) => {
  if (!req.url?.startsWith('/ws/')) return socket.destroy();
  wss.handleUpgrade(req, socket, head, (ws) => {
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    ws.on('error', () => undefined);
    ws.send(JSON.stringify({ type: 'hello', data: { serverTime: Date.now() } }));
  });
});

process.on('message', (command: ServerCommand) => {
  switch (command.cmd) {
    case 'memory':
      global.gc?.();
      reply({ kind: 'memory', heapUsedBytes: process.memoryUsage().heapUsed });
      return;
    case 'connections':
      reply({ kind: 'connections', count: sockets.size });
      return;
    case 'fanout': {
      const data = { seq: command.seq, pad: 'x'.repeat(command.payloadBytes) };
      const publishAt = wallNow();
      const payload = Buffer.from(JSON.stringify({ type: 'bench.fanout', data }));
      for (const ws of sockets) ws.send(payload, { binary: false, compress: false });
      reply({ kind: 'fanout', seq: command.seq, publishAt, sentAt: wallNow(), sockets: sockets.size });
      return;
    }
    case 'shutdown': {
      const started = wallNow();
      for (const ws of sockets) ws.close(1012, 'server restarting');
      const loopMs = wallNow() - started;
      httpServer.close(() => reply({ kind: 'shutdown', ms: wallNow() - started, loopMs }));
      return;
    }
  }
});

// The same listen backlog as Parley's default (LISTEN_BACKLOG).
httpServer.listen(0, '127.0.0.1', 4096, () => {
  const { port } = httpServer.address() as { port: number };
  reply({ kind: 'ready', baseUrl: `http://127.0.0.1:${port}` });
});
