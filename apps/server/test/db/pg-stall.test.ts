import pg from 'pg';
import { Errors } from '@parley/protocol';
import { afterEach, expect, it } from 'vitest';
import { openSocket, type TestServer } from '../helpers.js';
import { describeWithServices } from '../services.js';
import { userOn } from '../messaging/helpers.js';
import type { TcpProxy } from './tcp-proxy.js';
import {
  eachAnswers,
  expectEachStoredOnce,
  expectNotReady,
  marks,
  nodeThroughProxy,
  probe,
  startTraffic,
  waitReady,
  type Sender,
} from './pg-traffic.js';

// A partition between a node and PostgreSQL while clients send (docs/operations.md "PostgreSQL
// lost"): the proxy holds every byte, so nothing fails until the pool's bounds fire. The PostgreSQL
// pass only; an unreachable PostgreSQL fails the suite (services.ts).

const unknown = { code: Errors.unknown.code, msg: Errors.unknown.texts['zh-CN'] };

/** The clientMsgIds stored in the node's schema, read past the proxy. */
async function storedIds(t: TestServer): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const res = await client.query<{ id: string }>(
      `select client_msg_id as id from ${t.config.databaseSchema}.messages`,
    );
    return new Set(res.rows.map((r) => r.id));
  } finally {
    await client.end();
  }
}

describeWithServices(['DATABASE_URL'], 'PostgreSQL stalled under traffic', () => {
  let t: TestServer | undefined;
  let proxy: TcpProxy | undefined;
  let senders: Sender[] = [];
  afterEach(async () => {
    proxy?.resume();
    for (const s of senders) s.close();
    senders = [];
    await t?.close();
    await proxy?.close();
  });

  it('sends, acks and health answer once the bounds fire; new sockets are answered; recovery after resume', async () => {
    ({ t, proxy } = await nodeThroughProxy());
    const bystander = await userOn(t, 'by');
    const idle = await openSocket(t, bystander.token);
    await idle.next((f) => f.type === 'hello');
    senders = await startTraffic(t);
    await eachAnswers(senders, 2, (a) => a.code === 200);

    proxy.stall();
    const stalled = marks(senders);
    await eachAnswers(senders, 2, (a) => a.code !== 200, stalled);
    for (const [i, s] of senders.entries()) {
      for (const a of s.answers.slice(stalled[i]).filter((x) => x.code !== 200)) {
        expect({ sender: s.name, code: a.code, msg: a.msg }).toEqual({ sender: s.name, ...unknown });
      }
    }
    expect(await probe(t, '/healthz')).toEqual({ status: 200, body: { ok: true } });
    await expectNotReady(t);
    idle.send({ id: 'p1', type: 'ping' });
    expect(await idle.next((f) => f.type === 'ack' && f.id === 'p1')).toMatchObject({ code: 200 });
    // A new socket gets its hello (its session known to the node) or a close the client retries on.
    const late = await openSocket(t, bystander.token);
    const first = await Promise.race([late.next(), late.closed]);
    if ('type' in first) expect(first.type).toBe('hello');
    else expect(first).toEqual({ code: 1011, reason: 'server error, retry later' });
    late.close();

    proxy.resume();
    await waitReady(t);
    const back = marks(senders);
    await eachAnswers(senders, 2, (a) => a.code === 200, back);
    await Promise.all(senders.map((s) => s.stop()));
    expect(idle.ws.readyState).toBe(idle.ws.OPEN);
    await expectEachStoredOnce(t, senders);
  });

  it('a send whose commit reached PostgreSQL but whose answer did not is stored once when retried', async () => {
    ({ t, proxy } = await nodeThroughProxy());
    senders = await startTraffic(t);
    await eachAnswers(senders, 2, (a) => a.code === 200);
    // The first send's transaction to commit from now on commits, and the node never hears so.
    // Which send that is depends on the traffic: when the one held answered without being counted
    // as failed, the proxy lets go and holds the next one (at most three tries).
    let storedFailed = 0;
    for (let attempt = 0; attempt < 3 && storedFailed === 0; attempt += 1) {
      if (attempt > 0) {
        proxy.resume();
        await waitReady(t);
        await eachAnswers(senders, 2, (a) => a.code === 200, marks(senders));
      }
      await proxy.holdRepliesAfter('commit', 'insert into "messages"');
      await eachAnswers(senders, 2, (a) => a.code === 200, marks(senders));
      const stored = await storedIds(t);
      storedFailed = senders.flatMap((s) => s.failed()).filter((f) => stored.has(f.id)).length;
    }
    await Promise.all(senders.map((s) => s.stop()));
    const failed = senders.flatMap((s) => s.failed());
    expect(failed.map((f) => ({ code: f.code, msg: f.msg }))).toEqual(failed.map(() => unknown));
    // At least one send that answered the error is stored all the same.
    expect(storedFailed).toBeGreaterThan(0);
    proxy.resume();
    await expectEachStoredOnce(t, senders);
  });
});
