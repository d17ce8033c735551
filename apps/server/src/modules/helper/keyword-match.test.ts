import { describe, expect, it } from 'vitest';
import { bestMatch } from './keyword-match.js';

const faq = [
  { id: 1, question: '如何修改密码？', keywords: ['密码', 'password'] },
  { id: 2, question: '怎么添加好友？', keywords: ['好友', '加人'] },
  { id: 3, question: '如何找回密码？', keywords: ['找回密码', '忘记密码'] },
];

describe('helper keyword match', () => {
  it.each([
    ['如何修改密码？', 1],
    ['如何修改密码', 1],
    ['我想改一下 Password', 1],
    ['忘记密码了怎么办', 3],
    ['怎么加人', 2],
    ['添加', 2],
  ])('%s → %i', (typed, id) => {
    expect(bestMatch(faq, typed)?.id).toBe(id);
  });

  it('answers null when nothing matches or the text is only punctuation', () => {
    expect(bestMatch(faq, '今天天气如何')).toBeNull();
    expect(bestMatch(faq, ' ？？ ')).toBeNull();
    expect(bestMatch([], '密码')).toBeNull();
  });
});
