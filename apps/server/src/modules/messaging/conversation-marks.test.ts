import { describe, expect, it } from 'vitest';
import {
  foldPatch,
  markListOf,
  MUTED_BEFORE_FOLD,
  mutePatch,
  readClearsUnread,
  unreadPatch,
} from './conversation-marks.js';

const UNREAD = 2;
const ARCHIVED = 4;

describe('conversation marks', () => {
  it('markList lists the unread and archived marks, never the remembered mute', () => {
    expect([0, UNREAD, ARCHIVED, UNREAD | ARCHIVED, ARCHIVED | MUTED_BEFORE_FOLD].map(markListOf)).toEqual([
      [],
      [2],
      [4],
      [2, 4],
      [4],
    ]);
  });

  // [muted, marks] before → fold, then unfold: the patches and the final mute state.
  it.each([
    ['unmuted', 0, 0, { marks: ARCHIVED, muted: 1 }, { marks: 0, muted: 0 }],
    ['muted', 1, 0, { marks: ARCHIVED | MUTED_BEFORE_FOLD, muted: 1 }, { marks: 0, muted: 1 }],
    ['marked unread', 0, UNREAD, { marks: UNREAD | ARCHIVED, muted: 1 }, { marks: UNREAD, muted: 0 }],
  ])(
    'folding a %s conversation mutes it and unfolding restores its mute',
    (_, muted, marks, fold, unfold) => {
      const f = foldPatch({ muted, marks }, true);
      expect(f).toEqual(fold);
      expect(foldPatch({ muted: f!.muted as number, marks: f!.marks as number }, false)).toEqual(unfold);
    },
  );

  it('folding twice keeps the first remembered state; unfolding what is not folded changes nothing', () => {
    expect(foldPatch({ muted: 1, marks: ARCHIVED }, true)).toBeNull();
    expect(foldPatch({ muted: 1, marks: ARCHIVED | MUTED_BEFORE_FOLD }, true)).toBeNull();
    // Folded but unmuted since (an old row): folding again mutes and keeps 'was not muted'.
    expect(foldPatch({ muted: 0, marks: ARCHIVED }, true)).toEqual({ marks: ARCHIVED, muted: 1 });
    expect(foldPatch({ muted: 1, marks: 0 }, false)).toBeNull();
  });

  it('muting or unmuting by hand leaves the archive and forgets the remembered state', () => {
    expect(mutePatch({ muted: 1, marks: ARCHIVED | MUTED_BEFORE_FOLD }, false)).toEqual({
      muted: 0,
      marks: 0,
    });
    expect(mutePatch({ muted: 1, marks: ARCHIVED | UNREAD }, true)).toEqual({ muted: 1, marks: UNREAD });
    expect(mutePatch({ muted: 1, marks: UNREAD }, true)).toBeNull();
    expect(mutePatch({ muted: 0, marks: 0 }, true)).toEqual({ muted: 1, marks: 0 });
  });

  it('mark as unread on and off; reading takes it off', () => {
    expect(unreadPatch({ muted: 0, marks: ARCHIVED }, true)).toEqual({ marks: ARCHIVED | UNREAD });
    expect(unreadPatch({ muted: 0, marks: UNREAD }, true)).toBeNull();
    expect(unreadPatch({ muted: 0, marks: UNREAD | ARCHIVED }, false)).toEqual({ marks: ARCHIVED });
    expect(unreadPatch({ muted: 0, marks: 0 }, false)).toBeNull();
    expect(readClearsUnread({ muted: 0, marks: UNREAD | ARCHIVED })).toEqual({ marks: ARCHIVED });
    expect(readClearsUnread({ muted: 0, marks: ARCHIVED })).toBeNull();
  });
});
