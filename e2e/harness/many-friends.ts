import type { Tag } from '@parley/protocol';
import { api, registerUser, type TestUser } from './api';
import type { TestServer } from './server';

/**
 * One user with `count` real friends, seeded through the API (register, apply, accept), and an empty
 * tag to open the people picker from (/contacts → 标签 → 添加成员). Used by the picker's browser test
 * and by bench/picker.ts.
 */

const SURNAMES = [...'王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗'];
const GIVEN = [...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超', '秀英', '霞', '平'];
const LATIN = [
  'Alice',
  'Bob',
  'Carol',
  'Dave',
  'Eve',
  'Frank',
  'Grace',
  'Heidi',
  'Ivan',
  'Judy',
  'Mallory',
  'Oscar',
  'Peggy',
  'Trent',
  'Victor',
  'Walter',
];

/** Mixed nicknames: mostly Chinese, every tenth Latin, some starting with digits ('#' bucket). */
export function nickFor(i: number): string {
  if (i % 10 === 7) return `${LATIN[i % LATIN.length]} ${i}`;
  if (i % 25 === 3) return `${i}号`;
  const given = GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length];
  return `${SURNAMES[i % SURNAMES.length]}${given}${i}`;
}

/** Runs `fn` over `items` with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

export interface ManyFriends {
  owner: TestUser;
  tag: Tag;
  count: number;
}

export async function seedManyFriends(server: TestServer, count: number): Promise<ManyFriends> {
  const run = String(Date.now() % 100_000).padStart(5, '0');
  const owner = await registerUser(server, { nickName: '测量员' });
  await pool(
    Array.from({ length: count }, (_, i) => i),
    8,
    async (i) => {
      // Own identities: the harness numbers users with three digits, which 1,000 users outgrow.
      const n = String(i).padStart(4, '0');
      const u = await registerUser(server, {
        nickName: nickFor(i),
        phone: `15${run}${n}`,
        wtId: `pp${run}${n}`,
      });
      await api(server, '/userFriends/apply', {
        token: u.token,
        body: { applyWtId: owner.wtId, applySource: 1 },
      });
      await api(server, '/userFriends/apply/handle', {
        token: owner.token,
        body: { applyWtId: u.wtId, handleStatus: 1 },
      });
    },
  );
  const tag = await api<Tag>(server, '/userTag/add', { token: owner.token, body: { tagName: '测量' } });
  return { owner, tag, count };
}
