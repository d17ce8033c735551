import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '@parley/protocol';
import { api, registerUser } from '../harness/api';
import { SCREENSHOTS_DIR } from '../harness/paths';
import { useHarness } from '../harness/setup';

const h = useHarness({ name: 'friends-profile' });

describe('own profile from the app menu', () => {
  it('uploads an avatar (checked by content), edits nickname and bio, and the sidebar follows', async () => {
    const me = await registerUser(h.server, { nickName: '林晓' });
    const { page } = await h.open({ login: me.login });
    await page.goto('/contacts');
    await page.getByTestId('contacts-page').waitFor();
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-profile').click();
    await page.getByTestId('profile-drawer').waitFor();

    // Not an image by type: refused before uploading.
    await page
      .getByTestId('avatar-file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page
      .getByTestId('toast')
      .filter({ hasText: '请选择 jpg、png、gif、bmp 或 webp 格式的图片' })
      .waitFor();
    // Claims to be a PNG but is not: the server checks the bytes and refuses.
    await page.getByTestId('avatar-file').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('definitely not a png'),
    });
    await page.getByTestId('toast').filter({ hasText: '上传失败' }).waitFor();

    // A real PNG drawn in the page.
    const png = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = c.height = 128;
      const g = c.getContext('2d')!;
      const grad = g.createLinearGradient(0, 0, 128, 128);
      grad.addColorStop(0, '#07c160');
      grad.addColorStop(1, '#10aeff');
      g.fillStyle = grad;
      g.fillRect(0, 0, 128, 128);
      g.fillStyle = '#fff';
      g.beginPath();
      g.arc(64, 52, 22, 0, Math.PI * 2);
      g.fill();
      g.fillRect(28, 84, 72, 30);
      return c.toDataURL('image/png').split(',')[1]!;
    });
    await page
      .getByTestId('avatar-file')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    await page.getByTestId('toast').filter({ hasText: '上传成功' }).waitFor();
    const info = await api<UserInfo>(h.server, '/user/info', { token: me.token });
    expect(info.avatar).toMatch(/^\/api\/oss\/files\//);
    await page.locator(`[data-testid="sidebar-me"] img[src="${info.avatar}"]`).waitFor();

    // Nickname: at most 15 characters (the field stops there), then saved with the bio.
    await page.getByTestId('profile-nick').fill('晓晓的新名字一二三四五六七八九十');
    expect(await page.getByTestId('profile-nick').inputValue()).toBe('晓晓的新名字一二三四五六七八九');
    await page.getByTestId('profile-nick').fill('晓晓');
    await page.getByTestId('profile-bio').fill('在路上');
    await page.getByTestId('profile-save').click();
    await page.getByTestId('toast').filter({ hasText: '修改成功' }).waitFor();
    await page.getByTestId('sidebar-nick').filter({ hasText: '晓晓' }).waitFor();
    const after = await api<UserInfo>(h.server, '/user/info', { token: me.token });
    expect(after).toMatchObject({ nickName: '晓晓', bio: '在路上' });
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    // The drawer's entrance animation has finished before the picture is taken.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: join(SCREENSHOTS_DIR, 'friends-profile-drawer.png') });
  });
});
