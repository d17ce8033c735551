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
  it('searches pinyin in full, by initials and mixed, on the remark and the nickname', () => {
    const friends = [f('w1', '刘洋'), f('w2', 'Bob', '老王'), f('w3', '李雷'), f('liuy', 'Zed')];
    const hits = (kw: string) => shape(buildRows(friends, kw, '搜索结果')).slice(1);
    expect(hits('liuyang')).toEqual(['w1']);
    expect(hits('ly')).toEqual(['w1']);
    expect(hits('liuy')).toEqual(['w1', 'liuy']); // and the wtId 'liuy'
    expect(hits('lyang')).toEqual(['w1']);
    expect(hits('lw')).toEqual(['w2']);
    expect(hits('ll')).toEqual(['w3']);
  });
  it('in the Japanese UI files kana names by gojūon row and kanji under #, never by pinyin', () => {
    const friends = [
      f('w1', 'やまだ'),
      f('w2', 'サトウ'),
      f('w3', '山田'),
      f('w4', 'Ken'),
      f('w5', 'あおき'),
    ];
    expect(shape(buildRows(friends, '', '', 'kana')).slice(5)).toEqual([
      '[あ]',
      'w5',
      '[さ]',
      'w2',
      '[や]',
      'w1',
      '[K]',
      'w4',
      '[#]',
      'w3',
      'footer',
    ]);
    expect(shape(buildRows(friends, '', '', 'pinyin')).slice(5)).toEqual([
      '[K]',
      'w4',
      '[S]',
      'w3',
      '[#]',
      'w5',
      'w2',
      'w1',
      'footer',
    ]);
  });
  it('has only the entries without friends', () => {
    expect(shape(buildRows([], '', ''))).toEqual(['e:new', 'e:notices', 'e:groups', 'e:tags', 'e:black']);
  });
});
