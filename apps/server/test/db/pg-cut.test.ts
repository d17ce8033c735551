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

// PostgreSQL restarts under a node while clients send (docs/operations.md "PostgreSQL lost"): the
// proxy between the node's pool and PostgreSQL resets every connection and refuses new ones for a
// while. The PostgreSQL pass only; an unreachable PostgreSQL fails the suite (services.ts).

const unknown = { code: Errors.unknown.code, msg: Errors.unknown.texts['zh-CN'] };

describeWithServices(['DATABASE_URL'], 'PostgreSQL cut under traffic', () => {
  let t: TestServer | undefined;
  let proxy: TcpProxy | undefined;
  let senders: Sender[] = [];
  afterEach(async () => {
    proxy?.up();
    proxy?.resume();
    for (const s of senders) s.close();
    await t?.close();
    await proxy?.close();
  });

  it('the node stays up, answers the database error, keeps its sockets, and recovers by itself', async () => {
    ({ t, proxy } = await nodeThroughProxy());
    const bystander = await userOn(t, 'by');
    const idle = await openSocket(t, bystander.token);
    await idle.next((f) => f.type === 'hello');
    senders = await startTraffic(t);
    await eachAnswers(senders, 2, (a) => a.code === 200);

    proxy.down();
    const cut = marks(senders);
    // Every sender, REST and socket alike, hears the database error within the pool's bounds.
    await eachAnswers(senders, 2, (a) => a.code !== 200, cut);
    for (const s of senders) {
      for (const a of s.answers.slice(cut[senders.indexOf(s)]).filter((x) => x.code !== 200)) {
        expect({ sender: s.name, code: a.code, msg: a.msg }).toEqual({ sender: s.name, ...unknown });
      }
    }
    expect(await probe(t, '/healthz')).toEqual({ status: 200, body: { ok: true } });
    await expectNotReady(t);
    // The open sockets stay open and answer what needs no database.
    idle.send({ id: 'p1', type: 'ping' });
    expect(await idle.next((f) => f.type === 'ack' && f.id === 'p1')).toMatchObject({ code: 200 });
    // A new socket's token cannot be checked: it is closed with a reason the client retries on.
    const late = await openSocket(t, bystander.token);
    expect(await late.closed).toEqual({ code: 1011, reason: 'server error, retry later' });

    proxy.up();
    await waitReady(t);
    const back = marks(senders);
    await eachAnswers(senders, 2, (a) => a.code === 200, back);
    await Promise.all(senders.map((s) => s.stop()));
    expect(idle.ws.readyState).toBe(idle.ws.OPEN);
    await expectEachStoredOnce(t, senders);
  });
});
