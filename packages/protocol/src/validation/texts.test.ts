import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Errors, LANGUAGES } from '../errors.js';
import { issueText } from './texts.js';

const first = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a refusal');
  return issueText(result.error.issues[0]!, input);
};

describe('the catalogue', () => {
  it('every entry has its text in zh-CN, en and ja, the languages different', () => {
    for (const [name, entry] of Object.entries(Errors)) {
      for (const lang of LANGUAGES) expect(entry.texts[lang], `${name} ${lang}`).toMatch(/\S/);
      expect(entry.msg).toBe(entry.texts['zh-CN']);
      expect(entry.texts.en, name).not.toBe(entry.texts.ja);
    }
  });
});

describe('validation texts', () => {
  const body = z.object({
    pageSize: z.number().max(100),
    userID: z.string().min(4, 'ID长度为4-20位'),
    tagIds: z.array(z.number()).max(2),
  });

  it('name the field by its label in every language, never by its path', () => {
    expect(first(body, { pageSize: 500, userID: 'abcd', tagIds: [] })).toEqual({
      'zh-CN': '每页条数不能超过100',
      en: 'Page size must be at most 100.',
      ja: '1ページの件数は100以下にしてください。',
    });
    expect(first(body, { pageSize: 1, userID: 'abc', tagIds: [] })).toEqual({
      'zh-CN': '用户ID长度为4-20位',
      en: 'User ID must be at least 4 characters.',
      ja: 'ユーザーIDは4文字以上で入力してください。',
    });
    expect(first(body, { pageSize: 1, userID: 'abcd', tagIds: [1, 2, 3] }).en).toBe(
      'Tags can have at most 2 items.',
    );
  });

  it('a missing field is required; a wrong type is not valid; zod English never shows', () => {
    expect(first(body, { userID: 'abcd', tagIds: [] })).toEqual({
      'zh-CN': '每页条数不能为空',
      en: 'Page size is required.',
      ja: '1ページの件数を入力してください。',
    });
    const wrong = first(body, { pageSize: 'x', userID: 'abcd', tagIds: [] });
    expect(wrong.en).toBe('Page size is not valid.');
    expect(wrong['zh-CN']).toBe('每页条数格式不正确');
  });
});
