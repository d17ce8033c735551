import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type UserInfo } from '@parley/protocol';
import { api, openSocket, registerUser, startTestServer, type TestServer } from '../helpers.js';
import { PNG, upload } from './fixtures.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const update = (token: string, body: unknown) =>
  api<UserInfo>(t, 'POST', '/user/updateProfile', { token, body });

describe('POST /user/updateProfile', () => {
  it('updates nickname, bio and an avatar the user uploaded; other tabs hear about it', async () => {
    const u = await registerUser(t, { nickName: '旧名字' });
    const tab = await openSocket(t, u.token);
    await tab.next((f) => f.type === 'hello');
    try {
      const up = await upload(t, u.token, { bytes: PNG, name: 'me.png' });
      const res = await update(u.token, {
        nickName: '新名字',
        bio: '  今天也要开心  ',
        avatar: up.data!.url,
      });
      expect(res).toMatchObject({
        code: 200,
        msg: '修改成功',
        data: { nickName: '新名字', bio: '今天也要开心', avatar: up.data!.url },
      });
      const info = await api<UserInfo>(t, 'GET', '/user/info', { token: u.token });
      expect(info.data).toMatchObject({ nickName: '新名字', bio: '今天也要开心', avatar: up.data!.url });
      const frame = await tab.next((f) => f.type === 'user.updated');
      expect(frame.data).toMatchObject({ nickName: '新名字' });
      // Clearing the avatar is allowed.
      expect((await update(u.token, { avatar: '' })).data.avatar).toBe('');
    } finally {
      tab.close();
    }
  });

  it('refuses avatars this server did not issue to the user', async () => {
    const u = await registerUser(t);
    const other = await registerUser(t);
    const theirs = await upload(t, other.token, { bytes: PNG, name: 'x.png' });
    for (const avatar of [
      'https://evil.example/a.png',
      `https://evil.example${theirs.data!.url}`,
      theirs.data!.url,
      '/api/oss/files/0123456789abcdef0123456789abcdef.png',
      '/api/oss/files/../../parley.db',
    ]) {
      expect(await update(u.token, { avatar }), avatar).toMatchObject({
        status: 400,
        code: 10011,
        msg: '头像地址无效，请重新上传',
      });
    }
    expect((await api<UserInfo>(t, 'GET', '/user/info', { token: u.token })).data.avatar).toBe('');
  });

  it('validates nickname and bio lengths and needs at least one field', async () => {
    const u = await registerUser(t);
    expect(await update(u.token, { nickName: '一二三四五六七八九十一二三四五六' })).toMatchObject({
      status: 400,
      code: 400,
      msg: '昵称不能超过15个字符',
    });
    expect(await update(u.token, { nickName: '  ' })).toMatchObject({
      status: 400,
      code: 400,
      msg: '昵称不能为空',
    });
    expect(await update(u.token, { bio: 'x'.repeat(61) })).toMatchObject({
      status: 400,
      code: 400,
      msg: '个性签名不能超过60个字符',
    });
    expect(await update(u.token, {})).toMatchObject({
      status: 400,
      code: 400,
      msg: '请至少修改一项资料',
    });
    expect(await api(t, 'POST', '/user/updateProfile', { body: { nickName: 'x' } })).toMatchObject(
      Errors.unauthorized,
    );
  });
});
