import { describe, expect, it } from 'vitest';
import { decide } from './policy.js';
import { reportsPolicy } from './reports.policy.js';

// The report rules as matrices: who may be reported, which groups, which images may be attached.
const ME = { userId: 1 };

describe('reports policy', () => {
  it('a user: one who exists, never oneself (read as unknown)', () => {
    const cells = [{ id: 2 }, { id: 1 }, undefined].map((user) =>
      decide(reportsPolicy, 'report.user', ME, { user }),
    );
    expect(cells).toEqual([true, 'userNotFound', 'userNotFound']);
  });

  it('a group: an active one only', () => {
    const cells = [{ status: 0 }, { status: 1 }, undefined].map((group) =>
      decide(reportsPolicy, 'report.group', ME, { group }),
    );
    expect(cells).toEqual([true, 'groupNotFound', 'groupNotFound']);
  });

  it('an image: a png or jpeg the reporter uploaded', () => {
    const upload = (ownerId: number, kind: string, mime: string) => ({ upload: { ownerId, kind, mime } });
    const cells = [
      upload(1, 'image', 'image/png'),
      upload(1, 'image', 'image/jpeg'),
      upload(1, 'image', 'image/gif'),
      upload(1, 'file', 'application/pdf'),
      upload(2, 'image', 'image/png'),
      { upload: undefined },
    ].map((f) => decide(reportsPolicy, 'report.image', ME, f));
    expect(cells).toEqual([true, true, 'invalidImage', 'invalidImage', 'invalidImage', 'invalidImage']);
  });
});
