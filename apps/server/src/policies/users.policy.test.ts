import { describe, expect, it } from 'vitest';
import { decide } from './policy.js';
import { usersPolicy } from './users.policy.js';

// Seeing a user found by wtId or phone, as a matrix: rows whom, columns the relation.
const ME = { userId: 1 };
const relations = [
  { blocksActor: false, friend: false },
  { blocksActor: true, friend: false },
  { blocksActor: true, friend: true },
  { blocksActor: false, friend: true },
];

describe('users policy: user.see', () => {
  const row = (userId: number | undefined) =>
    relations.map((r) => decide(usersPolicy, 'user.see', ME, { userId, ...r }));
  it('another user: hidden (as unknown) only when they blacklisted the actor and are no friend', () =>
    expect(row(2)).toEqual([true, 'userNotFound', true, true]));
  it('oneself: always', () => expect(row(1)).toEqual([true, true, true, true]));
  it('nobody found: unknown', () => expect(row(undefined)).toEqual(Array(4).fill('userNotFound')));
});
