import { describe, expect, it } from 'vitest';
import { ADMIN_CONFIRM_MS, adminPolicy } from './admin.policy.js';
import { decide } from './policy.js';

// The admin rules as a matrix: every action × an operator or not; destructive ones × how long ago
// the session confirmed the password.
const ME = { userId: 1 };
const NOW = 1_000_000_000;
const plain = [
  'admin.overview',
  'admin.audit.read',
  'admin.confirm',
  'admin.users.read',
  'admin.user.unban',
  'admin.user.signOut',
  'admin.user.official',
  'admin.reports.read',
  'admin.report.handle',
] as const;
const destructive = ['admin.user.ban', 'admin.user.resetPassword'] as const;

describe('admin policy', () => {
  it('every action: operators only', () => {
    expect(Object.keys(adminPolicy).sort()).toEqual([...plain, ...destructive].sort());
    for (const action of plain)
      expect([true, false].map((isOperator) => decide(adminPolicy, action, ME, { isOperator }))).toEqual([
        true,
        'operatorOnly',
      ]);
  });

  it('a destructive action: an operator who confirmed the password within ten minutes', () => {
    const cells = (isOperator: boolean) =>
      [NOW, NOW - ADMIN_CONFIRM_MS, NOW - ADMIN_CONFIRM_MS - 1, null].map((confirmedAt) =>
        destructive.map((action) => decide(adminPolicy, action, ME, { isOperator, confirmedAt, now: NOW })),
      );
    const both = (d: string | true) => [d, d];
    expect(cells(true)).toEqual([
      both(true),
      both(true),
      both('adminConfirmRequired'),
      both('adminConfirmRequired'),
    ]);
    expect(cells(false)).toEqual([1, 2, 3, 4].map(() => both('operatorOnly')));
  });
});
