import { describe, expect, it } from 'vitest';
import type { FriendItem } from '@parley/protocol';
import { buildRows } from './rows';

const f = (wtId: string, nickName: string, remark = ''): FriendItem => ({
  userID: wtId,
  wtId,
  nickName,
  avatar: '',
  bio: '',
  remark,
  tagIds: [],
  tagNameList: [],
  ownerBlackStatus: 0,
  friendsSpaceStatus: 0,
  mineSpaceStatus: 0,
  applySource: 1,
  actionStatus: 0,
  isOfficial: 0,
  createTime: 0,
});

const shape = (rows: ReturnType<typeof buildRows>) =>
  rows.map((r) =>
    r.kind === 'entry'
      ? `e:${r.icon}`
      : r.kind === 'header'
        ? `[${r.label}]`
        : r.kind === 'friend'
          ? r.friend.wtId
          : r.kind,
  );

describe('contacts rows', () => {
  it('puts the entries first, then friends A–Z by remark or nickname with # last, then the count', () => {
    const rows = buildRows(
      [f('w1', 'Zed', '阿杰'), f('w2', '宝玉'), f('w3', '100分'), f('w4', 'bob')],
      '',
      '搜索结果',
    );
    expect(shape(rows)).toEqual([
      'e:new',
      'e:notices',
      'e:groups',
      'e:tags',
      'e:black',
      '[A]',
      'w1',
      '[B]',
      'w2',
      'w4',
      '[#]',
      'w3',
      'footer',
    ]);
  });
  it('searches remark, nickname and ID, hiding the entries', () => {
    const friends = [f('w1', 'Zed', '阿杰'), f('w2', '宝玉'), f('lee', 'Lee')];
    expect(shape(buildRows(friends, '杰', '搜索结果'))).toEqual(['[搜索结果]', 'w1']);
    expect(shape(buildRows(friends, 'LEE', '搜索结果'))).toEqual(['[搜索结果]', 'lee']);
    expect(shape(buildRows(friends, 'zzz', '搜索结果'))).toEqual(['[搜索结果]', 'empty']);
  });
  it('has only the entries without friends', () => {
    expect(shape(buildRows([], '', ''))).toEqual(['e:new', 'e:notices', 'e:groups', 'e:tags', 'e:black']);
  });
});
