import { describe, expect, it } from 'vitest';
import { audienceOf, momentsPolicy, type MomentFacts } from './moments.policy.js';
import { decide } from './policy.js';

// The moments rules as a matrix: each row is the viewer's relation to the author, each column a
// moment's visibility (addressed or not), each cell whether the viewer sees it. A changed rule
// changes a cell.
const VIEWER = { userId: 1 };
const AUTHOR = 2;
const friends = {
  viewerSide: { friendsSpaceStatus: 0 },
  authorSide: { mineSpaceStatus: 0 },
};
const facts = (patch: Partial<MomentFacts>): MomentFacts => ({
  authorId: AUTHOR,
  authorStatus: 0,
  visibility: 0,
  blocked: false,
  addressed: true,
  ...friends,
  ...patch,
});

const relations: Record<string, Partial<MomentFacts>> = {
  friend: {},
  self: { authorId: 1 },
  stranger: { viewerSide: undefined, authorSide: undefined },
  unfriendedByAuthor: { authorSide: undefined },
  unfriendedAuthor: { viewerSide: undefined },
  iHideTheirs: { viewerSide: { friendsSpaceStatus: 1 } },
  theyHideMine: { authorSide: { mineSpaceStatus: 1 } },
  blocked: { blocked: true },
  authorCancelled: { authorStatus: 1 },
  authorDisabled: { authorStatus: 2 },
};

const columns: Record<string, Partial<MomentFacts>> = {
  all: { visibility: 0 },
  allNotAddressed: { visibility: 0, addressed: false },
  private: { visibility: 1 },
  onlyTagsIn: { visibility: 2, addressed: true },
  onlyTagsOut: { visibility: 2, addressed: false },
  exceptTagsIn: { visibility: 3, addressed: true },
  exceptTagsOut: { visibility: 3, addressed: false },
};

const T = true;
const N = 'momentNotFound';
const expected: Record<string, (true | string)[]> = {
  //                 all allNA priv onlyIn onlyOut excIn excOut
  friend: [T, T, N, T, N, T, N],
  self: [T, T, T, T, T, T, T],
  stranger: [N, N, N, N, N, N, N],
  unfriendedByAuthor: [N, N, N, N, N, N, N],
  unfriendedAuthor: [N, N, N, N, N, N, N],
  iHideTheirs: [N, N, N, N, N, N, N],
  theyHideMine: [N, N, N, N, N, N, N],
  blocked: [N, N, N, N, N, N, N],
  authorCancelled: [N, N, N, N, N, N, N],
  authorDisabled: [N, N, N, N, N, N, N],
};

describe('moments policy: moment.view matrix', () => {
  for (const [row, rel] of Object.entries(relations))
    it(row, () => {
      const got = Object.values(columns).map((col) =>
        decide(momentsPolicy, 'moment.view', VIEWER, facts({ ...rel, ...col })),
      );
      expect(got).toEqual(expected[row]);
    });
});

describe('moments policy: removing and replying', () => {
  it('a moment is removed by its author only; to others it does not exist', () => {
    expect(decide(momentsPolicy, 'moment.remove', VIEWER, { authorId: 1 })).toBe(true);
    expect(decide(momentsPolicy, 'moment.remove', VIEWER, { authorId: 2 })).toBe('momentNotFound');
  });

  it('a comment is removed by its author or the moment author', () => {
    const cell = (commentAuthorId: number, momentAuthorId: number) =>
      decide(momentsPolicy, 'comment.remove', VIEWER, { commentAuthorId, momentAuthorId });
    expect([cell(1, 2), cell(2, 1), cell(1, 1), cell(2, 3)]).toEqual([T, T, T, 'momentCommentForbidden']);
  });

  it('a reply goes to someone else whose comment the actor sees', () => {
    const cell = (targetId: number | undefined, visibleCommenter: boolean) =>
      decide(momentsPolicy, 'comment.reply', VIEWER, { targetId, visibleCommenter });
    expect([cell(2, true), cell(2, false), cell(1, true), cell(undefined, false)]).toEqual([
      T,
      'momentReplyInvalid',
      'momentReplyInvalid',
      'momentReplyInvalid',
    ]);
  });
});

describe('moments policy: the audience of a new moment', () => {
  const friendIds = [3, 4, 5];
  const tagged = new Set([4, 9]);
  it.each([
    [0, [1, 3, 4, 5]],
    [1, [1]],
    [2, [1, 4]],
    [3, [1, 3, 5]],
  ])('visibility %i reaches %j', (visibility, want) => {
    expect(audienceOf(1, visibility, friendIds, tagged)).toEqual(want);
  });
});
