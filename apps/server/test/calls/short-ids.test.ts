import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallAction, type LoginResult } from '@parley/protocol';
import { hashPassword } from '../../src/modules/auth/password.js';
import { newUserRow, UserRepo } from '../../src/modules/users/user.repo.js';
import { api, startTestServer, uniquePhone, type TestServer, type TestUser } from '../helpers.js';
import { befriend, invite, newUser, openTab } from './helpers.js';

/**
 * IDs the registration rule does not hand out (3 characters, as the seeded demo user `bob`) still
 * name accounts: every call contract that names a user takes them.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** An account with a 3-character ID, made as `npm run seed` makes `bob`. */
async function shortIdUser(): Promise<TestUser> {
  const wtId = `b${randomBytes(1).toString('hex')}`;
  const pwd = 'parley123';
  await new UserRepo(t.server.ctx.db).insert(
    newUserRow({
      wtId,
      phone: uniquePhone(),
      nickName: 'Bob',
      pwdHash: await hashPassword(pwd, t.config.passwordCost),
      now: Date.now(),
      bio: '',
      isOfficial: 0,
    }),
  );
  const login = await api<LoginResult>(t, 'POST', '/user/login/id', { body: { wtId, pwd } });
  expect(login.code).toBe(200);
  return { ...login.data, pwd };
}

describe('calling a user whose ID has 3 characters', () => {
  it('the invite rings them; the usage check takes the ID too', async () => {
    const alice = await newUser(t, 'caller');
    const bob = await shortIdUser();
    expect(bob.wtId).toHaveLength(3);
    await befriend(t, alice, bob);
    const ta = await openTab(t, alice);
    const tb = await openTab(t, bob);
    const ack = await invite(ta, bob, 1);
    expect(ack).toMatchObject({ code: 200, data: { status: 'ringing', mediaType: 1 } });
    expect((await tb.updated(CallAction.invite)).call).toMatchObject({ status: 'ringing' });
    const usage = await api(t, 'POST', '/media/call', {
      token: alice.token,
      body: { acceptWtId: bob.wtId, callType: 1 },
    });
    expect(usage).toMatchObject({ status: 200, code: 200 });
    await ta.send('call.cancel', { v: 1, callId: (ack.data as { callId: string }).callId });
    ta.close();
    tb.close();
  });

  it('an ID longer than any account can have is refused by its label, in the socket language', async () => {
    const alice = await newUser(t, 'caller');
    const ta = await openTab(t, alice);
    const ack = await ta.send('call.invite', { v: 1, userID: 'x'.repeat(65), type: 2 });
    expect(ack).toMatchObject({ code: 400, msg: '用户ID过长', data: { field: 'data.userID' } });
    ta.close();
  });
});
