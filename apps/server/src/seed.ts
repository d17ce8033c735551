import { HELPER_WT_ID } from '@parley/protocol';
import { runOperatorTool } from './lib/operator-tool.js';
import { hashPassword } from './modules/auth/password.js';
import { newUserRow, UserRepo } from './modules/users/user.repo.js';

/** Demo data: a few users and the official helper account. Safe to run again (idempotent). */
export { HELPER_WT_ID };

const demoUsers = [
  { wtId: 'alice', phone: '13800000001', nickName: '爱丽丝', pwd: 'parley123' },
  { wtId: 'bob', phone: '13800000002', nickName: 'Bob', pwd: 'parley123' },
  { wtId: 'carol', phone: '13800000003', nickName: '卡罗尔', pwd: 'parley123' },
];

runOperatorTool(async (handle, config) => {
  const users = new UserRepo(handle.db);
  const now = Date.now();
  const accounts = [
    ...demoUsers.map((u) => ({ ...u, official: 0 })),
    {
      wtId: HELPER_WT_ID,
      phone: '10000000000',
      nickName: 'Parley 小助手',
      pwd: `helper-${now}`,
      official: 1,
    },
  ];
  const rows: string[][] = [];
  for (const a of accounts) {
    const existing = (await users.byWtId(a.wtId)) ?? (await users.byPhone(a.phone));
    if (existing) {
      rows.push([a.wtId, a.phone, a.official ? '(official, no login)' : a.pwd, 'already present']);
      continue;
    }
    await users.insert(
      newUserRow({
        wtId: a.wtId,
        phone: a.phone,
        nickName: a.nickName,
        pwdHash: await hashPassword(a.pwd, config.passwordCost),
        now,
        bio: a.official ? '官方助手，解答常见问题' : '',
        isOfficial: a.official ? 1 : 0,
      }),
    );
    rows.push([a.wtId, a.phone, a.official ? '(official, no login)' : a.pwd, 'created']);
  }
  console.log(`Seeded ${handle.dialect} database${config.databaseUrl ? '' : ` in ${config.dataDir}`}:`);
  console.table(rows.map(([wtId, phone, password, state]) => ({ wtId, phone, password, state })));
});
