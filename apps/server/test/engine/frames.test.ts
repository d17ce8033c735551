import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, registerUser, startTestServer, type TestServer } from '../helpers.js';

// Client frames are checked against the socket contract (clientFrames) by type before any handler.
describe('socket frames against the contract', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  it('answers a frame whose data has the wrong shape with an error ack naming the field', async () => {
    const u = await registerUser(t);
    const s = await openSocket(t, u.token);
    await s.next((f) => f.type === 'hello');
    s.send({ id: 'a', type: 'ping', data: 'now' });
    expect(await s.next((f) => f.type === 'ack' && f.id === 'a')).toEqual({
      type: 'ack',
      id: 'a',
      code: 400,
      msg: '请求参数错误',
      data: { field: 'data' },
    });
    s.send({ id: 'b', type: 'ping', data: { at: 1 } });
    const extra = await s.next((f) => f.type === 'ack' && f.id === 'b');
    expect([extra.code, extra.msg]).toEqual([400, '请求参数错误']);
    // The socket stays usable: a well-formed frame of the same type is answered.
    s.send({ id: 'c', type: 'ping' });
    const good = await s.next((f) => f.type === 'ack' && f.id === 'c');
    expect(good.code).toBe(200);
    expect(typeof (good.data as { serverTime: number }).serverTime).toBe('number');
    s.close();
  });
});
