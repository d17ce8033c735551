import { randomBytes } from 'node:crypto';
import type { buildServer } from '../../apps/server/src/app.js';
import { newUserRow } from '../../apps/server/src/modules/users/user.repo.js';
import type { BenchClient } from './delivery-ipc.js';

type Modules = Awaited<ReturnType<typeof buildServer>>['modules'];

/**
 * Bench users with one session each, created straight through the server's own repos (no password
 * hashing, no HTTP): what lets a bench set up thousands of clients in seconds. `prefix` keeps the
 * wtIds and phones of different benches' users apart.
 */
export async function seedBenchUsers(
  { users, auth }: Pick<Modules, 'users' | 'auth'>,
  count: number,
  prefix: { wtId: string; phone: string },
): Promise<Array<BenchClient & { id: number }>> {
  const tag = randomBytes(3).toString('hex');
  const now = Date.now();
  const clients: Array<BenchClient & { id: number }> = [];
  for (let i = 0; i < count; i++) {
    const user = await users.repo.insert(
      newUserRow({
        wtId: `${prefix.wtId}${tag}${i}`,
        phone: `${prefix.phone}${tag}${i}`,
        nickName: `Bench ${i}`,
        pwdHash: 'bench-no-login',
        now,
      }),
    );
    const { token } = await auth.sessions.issue(user.id, `bench-${i}`);
    clients.push({ token, name: user.wt_id, id: user.id });
  }
  return clients;
}
