import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { intEnum, intField, listField, stripForbiddenChars, textField } from './fields.js';
import { registerBody, loginIdBody, setStep2Body, step2Body } from './rest/auth.js';
import { pageQuerySchema } from './rest/common.js';
import {
  applyFriendBody,
  applyListBody,
  friendListBody,
  handleApplyBody,
  updateRemarkBody,
  updateSpaceStatusBody,
} from './rest/friends.js';
import { addTagBody, deleteTagsBody, renameTagBody, setTag4UserBody, tagUserListBody } from './rest/tags.js';
import { searchByIdBody, updateProfileBody, updateUserConfigBody } from './rest/user.js';
import { clientFrame } from './ws.js';

/** The first issue of a failed parse as the server words it: 'field: message'. */
function refusal(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) return 'accepted';
  const issue = result.error.issues[0]!;
  return `${issue.path.join('.')}: ${issue.message}`;
}

const MB = 'a'.repeat(1_000_000);

/** Every text field of the request schemas, with a valid body around it. */
const textFields: Array<[string, z.ZodType, (v: string) => unknown, string]> = [
  ['nickName', registerBody, (v) => ({ phone: '13912345678', pwd: 'abc12345', nickName: v }), '昵称'],
  ['nickName', updateProfileBody, (v) => ({ nickName: v }), '昵称'],
  ['bio', updateProfileBody, (v) => ({ bio: v }), '个性签名'],
  ['remark', updateRemarkBody, (v) => ({ friendsWtId: 'bob_1', remark: v }), '备注'],
  ['tagName', addTagBody, (v) => ({ tagName: v }), '标签名称'],
  ['tagName', renameTagBody, (v) => ({ tagId: 1, tagName: v }), '标签名称'],
  ['applyInfo', applyFriendBody, (v) => ({ applyWtId: 'bob_1', applyInfo: v }), '申请理由'],
  ['groupName', applyFriendBody, (v) => ({ applyWtId: 'bob_1', groupName: v }), 'groupName'],
  ['searchId', searchByIdBody, (v) => ({ searchId: v }), 'searchId'],
  ['keyword', friendListBody, (v) => ({ keyword: v }), 'keyword'],
  ['wtId', loginIdBody, (v) => ({ wtId: v, pwd: 'x' }), 'ID'],
  ['tips', setStep2Body, (v) => ({ pwd: 'abc12345', currentPwd: 'x', tips: v }), '提示'],
  ['ticket', step2Body, (v) => ({ ticket: v, pwd: 'x' }), 'ticket'],
  ['type', clientFrame, (v) => ({ id: 1, type: v }), 'type'],
];

describe('text fields', () => {
  it.each(textFields)('%s: a megabyte is refused naming the field', (field, schema, body, label) => {
    expect(refusal(schema, body(MB))).toMatch(new RegExp(`^${field}: ${label}(不能超过|过长)`));
  });

  it.each(textFields)(
    '%s: control, ANSI, bidi and separator characters are refused',
    (field, schema, body, label) => {
      for (const bad of [
        'a\u0007b',
        'a\u001b[31mb',
        'a\u0085b',
        'a\u202eb',
        'a\u2066b',
        'a\u2028b',
        'a\u2029b',
        'a\u007fb',
      ]) {
        expect(refusal(schema, body(bad))).toBe(`${field}: ${label}含有不允许的控制字符`);
      }
    },
  );

  it('allows a line break only in the multi-line bio', () => {
    expect(refusal(updateProfileBody, { bio: '第一行\n第二行' })).toBe('accepted');
    expect(refusal(updateProfileBody, { bio: '第一行\r\n第二行' })).toBe('bio: 个性签名含有不允许的控制字符');
    expect(refusal(updateProfileBody, { nickName: 'a\nb' })).toBe('nickName: 昵称含有不允许的控制字符');
    expect(refusal(addTagBody, { tagName: 'a\tb' })).toBe('tagName: 标签名称含有不允许的控制字符');
  });

  it('counts every limit in user-perceived characters, nickName included', () => {
    const family = '👨‍👩‍👧‍👦';
    expect(refusal(updateProfileBody, { nickName: family.repeat(5) })).toBe('accepted');
    expect(refusal(updateProfileBody, { nickName: '中'.repeat(15) })).toBe('accepted');
    expect(refusal(updateProfileBody, { nickName: '中'.repeat(16) })).toBe('nickName: 昵称不能超过15个字符');
    expect(refusal(updateProfileBody, { nickName: '👍🏽'.repeat(15) })).toBe('accepted');
    expect(refusal(addTagBody, { tagName: '👍🏽'.repeat(15) })).toBe('accepted');
    expect(refusal(addTagBody, { tagName: '👍🏽'.repeat(16) })).toBe('tagName: 标签名称不能超过15个字符');
    expect(refusal(applyFriendBody, { applyWtId: 'b', applyInfo: 'é'.repeat(15) })).toBe('accepted');
    expect(refusal(updateProfileBody, { bio: 'e\u0301'.repeat(60) })).toBe('accepted');
    expect(refusal(updateProfileBody, { bio: 'e\u0301'.repeat(61) })).toBe('bio: 个性签名不能超过60个字符');
  });

  it('keeps the byte limit of the remark, and trims before counting', () => {
    expect(refusal(updateRemarkBody, { friendsWtId: 'b', remark: '👨‍👩‍👧‍👦'.repeat(16) })).toBe(
      'remark: 备注不能超过96个字节',
    );
    expect(updateRemarkBody.parse({ friendsWtId: 'b', remark: '  好友  ' }).remark).toBe('好友');
    expect(refusal(addTagBody, { tagName: '   ' })).toBe('tagName: 标签名称不能为空');
  });

  it('a standalone field names its label in every message', () => {
    const f = textField('名字', { max: 3, min: 1 });
    expect(f.safeParse('abcd').error?.issues[0]?.message).toBe('名字不能超过3个字符');
    expect(f.safeParse(5).error?.issues[0]?.message).toBe('名字格式不正确');
    expect(f.safeParse(undefined).error?.issues[0]?.message).toBe('名字不能为空');
    expect(f.safeParse('').error?.issues[0]?.message).toBe('名字不能为空');
    // A failed length check ends the checks: one issue, no character counting after it.
    expect(f.safeParse(MB).error?.issues).toHaveLength(1);
  });

  it('strips refused characters from names taken from files', () => {
    expect(stripForbiddenChars('photo\u202egpj.exe\u0000\u2028')).toBe('photogpj.exe');
  });
});

/** Every numeric field of the request schemas, with a valid body around it. */
const numberFields: Array<[string, z.ZodType, (v: unknown) => unknown]> = [
  ['pageNum', applyListBody, (v) => ({ pageNum: v })],
  ['pageSize', friendListBody, (v) => ({ pageSize: v })],
  ['pageNum', pageQuerySchema, (v) => ({ pageNum: v })],
  ['pageNum', tagUserListBody, (v) => ({ id: 1, pageNum: v })],
  ['id', tagUserListBody, (v) => ({ id: v })],
  ['tagId', renameTagBody, (v) => ({ tagId: v, tagName: 'x' })],
  ['ids.0', deleteTagsBody, (v) => ({ ids: [v] })],
  ['tagIds.0', setTag4UserBody, (v) => ({ friendsWtId: 'b', tagIds: [v] })],
  ['handleStatus', handleApplyBody, (v) => ({ applyWtId: 'b', handleStatus: v })],
  ['applySource', applyFriendBody, (v) => ({ applyWtId: 'b', applySource: v })],
  ['friendsSpaceStatus', updateSpaceStatusBody, (v) => ({ friendsWtId: 'b', friendsSpaceStatus: v })],
  ['notifySound', updateUserConfigBody, (v) => ({ notifySound: v })],
];

describe('strict numbers', () => {
  it.each(numberFields)(
    '%s: true, "0x10", [[1]] and other non-numbers are refused',
    (field, schema, body) => {
      for (const bad of [true, '0x10', [[1]], '1e0', ' 1', '', '1.0', null, {}, 1.5, Number.NaN]) {
        expect(refusal(schema, body(bad))).toMatch(
          new RegExp(`^${field.replace('.', '\\.')}: .*格式不正确$`),
        );
      }
    },
  );

  it.each(numberFields)('%s: a JSON number and a plain digit string are read', (_field, schema, body) => {
    expect(refusal(schema, body(1))).toBe('accepted');
    expect(refusal(schema, body('1'))).toBe('accepted');
  });

  it('reads digit strings as numbers and keeps ranges and defaults', () => {
    expect(pageQuerySchema.parse({ pageNum: '3', pageSize: 7 })).toEqual({ pageNum: 3, pageSize: 7 });
    expect(pageQuerySchema.parse({})).toEqual({ pageNum: 1, pageSize: 20 });
    expect(refusal(friendListBody, { pageSize: 501 })).toBe('pageSize: pageSize不能超过500');
    expect(refusal(applyListBody, { pageNum: 0 })).toBe('pageNum: pageNum格式不正确');
    expect(intField('n', { min: 1 }).parse('0042')).toBe(42);
    expect(intEnum('s', [1, 2]).safeParse(3).error?.issues[0]?.message).toBe('s格式不正确');
  });

  it('checks the length of a list before reading its items', () => {
    const list = listField('ids', intField('ID'), 3, 'ids最多3个');
    expect(list.safeParse(new Array(500_000).fill(true)).error?.issues).toMatchObject([
      { message: 'ids最多3个' },
    ]);
    expect(refusal(setTag4UserBody, { friendsWtId: 'b', tagIds: new Array(100_000).fill('x') })).toMatch(
      /^tagIds: tagIds最多\d+个$/,
    );
    expect(refusal(deleteTagsBody, { ids: [] })).toBe('ids: ids不能为空');
  });
});

describe('socket frames', () => {
  it('takes a string or JSON integer id and refuses the rest naming the field', () => {
    expect(clientFrame.parse({ id: 7, type: 'ping' })).toEqual({ id: 7, type: 'ping' });
    expect(clientFrame.parse({ id: 'a1', type: 'ping' })).toEqual({ id: 'a1', type: 'ping' });
    for (const bad of [true, [[1]], 1.5, '', MB, 'a\u202eb']) {
      expect(refusal(clientFrame, { id: bad, type: 'ping' })).toBe('id: id格式不正确');
    }
  });
});
