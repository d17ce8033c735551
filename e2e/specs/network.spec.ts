import { describe, expect, it } from 'vitest';
import { registerUser } from '../harness/api';
import { useHarness } from '../harness/setup';

const h = useHarness({ name: 'network' });

describe('network banner', () => {
  it('appears when the server stops and disappears when it is back on the same port and data dir', async () => {
    const user = await registerUser(h.server);
    const { page } = await h.open({ login: user.login });
    await page.goto('/messages');
    await page.getByTestId('screen-messages').waitFor();
    const banner = page.getByTestId('network-banner');
    expect(await banner.count()).toBe(0);

    await h.server.stop();
    await banner.waitFor({ timeout: 10_000 });
    expect(await banner.textContent()).toBe('网络异常，请您检查网络设置');

    await h.server.start();
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    // Still signed in: the session survived the restart.
    expect(new URL(page.url()).pathname).toBe('/messages');
    expect(await page.getByTestId('sidebar-nick').textContent()).toBe(user.nickName);
  });
});
