import { describe, expect, it } from 'vitest';
import { decide } from './policy.js';
import { uploadsPolicy, type UploadFacts } from './uploads.policy.js';

// The uploads rules as a matrix: each row an upload (whose, what kind), each column an action.
const ME = { userId: 1 };
const rows: Record<string, UploadFacts> = {
  myImage: { upload: { ownerId: 1, kind: 'image' } },
  myFile: { upload: { ownerId: 1, kind: 'file' } },
  theirImage: { upload: { ownerId: 2, kind: 'image' } },
  none: { upload: undefined },
};
const expected: Record<string, unknown[]> = {
  //           resume          avatar
  myImage: [true, true],
  myFile: [true, 'avatarInvalid'],
  theirImage: ['fileMissing', 'avatarInvalid'],
  none: ['fileMissing', 'avatarInvalid'],
};

describe('uploads policy', () => {
  for (const [row, facts] of Object.entries(rows))
    it(row, () => {
      const got = (['upload.resume', 'upload.avatar'] as const).map((a) =>
        decide(uploadsPolicy, a, ME, facts),
      );
      expect(got).toEqual(expected[row]);
    });
});
