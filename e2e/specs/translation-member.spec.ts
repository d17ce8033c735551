import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@parley/protocol';
import {
  libreTranslateStandIn,
  transcriptionStandIn,
  wav,
  type StandIn,
} from '../../apps/server/test/translation/stand-ins';
import { api, registerUser } from '../harness/api';
import { expectAccessible } from '../harness/a11y';
import { REPO_ROOT } from '../harness/paths';
import { freePort } from '../harness/server';
import { useHarness } from '../harness/setup';
import { DESKTOP, pair, PHONE, sendApi, shot } from './messages-helpers';
import { uploadApi } from './rich-helpers';

// The providers are stand-ins speaking the public protocols, on ports chosen before the server starts.
const [ltPort, asrPort] = [await freePort(), await freePort()];
const h = useHarness({
  name: 'translation-member',
  env: {
    TRANSLATE_URL: `http://127.0.0.1:${ltPort}`,
    ASR_URL: `http://127.0.0.1:${asrPort}`,
    ASR_MODEL: 'whisper-e2e',
    MEMBER_SWEEP_MS: '0',
  },
});
let lt: StandIn;
let asr: StandIn;
beforeAll(async () => {
  lt = await libreTranslateStandIn(ltPort);
  asr = await transcriptionStandIn(asrPort);
});
afterAll(async () => {
  await lt?.close();
  await asr?.close();
});

describe('translation and voice to text from the message menu', () => {
  it('翻译 shows the translation under the bubble (asked once), 转文字 the transcript; both toggle', async () => {
    const { A, B } = await pair(h);
    await sendApi(h, B, A, 'Good evening');
    const file = await uploadApi(h.server, B, wav(3200), 'voice.wav');
    await api<Message>(h.server, '/message/send', {
      token: B.token,
      body: {
        conversationID: `C2C${A.wtId}`,
        clientMsgId: `e2e-sound-${Date.now()}`,
        type: 'sound',
        payload: { url: file.url, second: 1 },
      },
    });
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    await a.page.goto(`/messages?conversationID=C2C${B.wtId}`);
    const text = a.page.getByTestId('message').filter({ hasText: 'Good evening' });
    await text.getByTestId('bubble').click({ button: 'right' });
    await a.page.getByTestId('menu-translate').click();
    await text.getByTestId('translation-text').filter({ hasText: '[zh] Good evening' }).waitFor();
    expect(lt.requests).toHaveLength(1);
    await expectAccessible(a.page, 'messages: translation panel');
    await shot(a.page, 'translation-desktop');
    // Toggled closed from the menu, and open again from the client's cache: no second request.
    await text.getByTestId('bubble').click({ button: 'right' });
    await a.page.getByTestId('menu-translate').click();
    await text.getByTestId('translation-panel').waitFor({ state: 'detached' });
    await text.getByTestId('bubble').click({ button: 'right' });
    await a.page.getByTestId('menu-translate').click();
    await text.getByTestId('translation-text').filter({ hasText: '[zh] Good evening' }).waitFor();
    expect(lt.requests).toHaveLength(1);

    const sound = a.page
      .locator('[data-testid="message"]')
      .filter({ has: a.page.locator('[data-type="sound"]') });
    await sound.getByTestId('bubble').click({ button: 'right' });
    expect(await a.page.getByTestId('message-menu').getByRole('menuitem').allTextContents()).toContain(
      '转文字',
    );
    await a.page.getByTestId('menu-voiceToText').click();
    await sound.getByTestId('translation-text').filter({ hasText: 'with whisper-e2e' }).waitFor();
    expect(asr.requests).toHaveLength(1);
    await sound.getByTestId('translation-hide').click();
    await sound.getByTestId('translation-panel').waitFor({ state: 'detached' });
  });

  it('a provider failure shows its error in the panel with a retry, on a phone', async () => {
    const { A, B } = await pair(h);
    await sendApi(h, B, A, 'Flaky');
    lt.failNext(3);
    const a = await h.open({ login: A.login, viewport: PHONE });
    await a.page.goto(`/messages?conversationID=C2C${B.wtId}`);
    const msg = a.page.getByTestId('message').filter({ hasText: 'Flaky' });
    await msg.getByTestId('bubble').click({ button: 'right' });
    await a.page.getByTestId('menu-translate').click();
    await msg
      .getByTestId('translation-error')
      .filter({ hasText: '翻译服务暂时不可用，请稍后再试' })
      .waitFor();
    await shot(a.page, 'translation-error-phone');
    await msg.getByRole('button', { name: '重试' }).click();
    await msg.getByTestId('translation-text').filter({ hasText: '[zh] Flaky' }).waitFor();
  });
});

describe('membership codes on /member', () => {
  it('redeeming a code shows the status with its end date and the sidebar badge on every tab', async () => {
    const A = await registerUser(h.server, { nickName: '会员小王' });
    const out = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli/entry.ts',
        'member',
        'codes',
        '--level',
        '3',
        '--days',
        '30',
        '--count',
        '1',
      ],
      {
        cwd: join(REPO_ROOT, 'apps/server'),
        env: { ...process.env, PARLEY_DATA_DIR: h.server.dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      },
    );
    const code = out.trim();
    const a = await h.open({ login: A.login, viewport: DESKTOP });
    const other = await h.open({ login: A.login, viewport: DESKTOP });
    await other.page.goto('/messages');
    await a.page.goto('/member');
    await a.page.getByTestId('member-status').filter({ hasText: '未开通会员' }).waitFor();
    expect(await a.page.getByTestId('level-badge').count()).toBe(0);
    expect(await a.page.getByTestId('member-plan').first().textContent()).toContain('请向运营人员索取兑换码');

    await a.page.getByTestId('member-code').fill('AAAAA-BBBBB-CCCCC-DDDDD');
    await a.page.getByTestId('member-redeem-submit').click();
    await a.page.getByTestId('member-redeem-error').filter({ hasText: '兑换码无效' }).waitFor();
    await expectAccessible(a.page, 'member: a refused code');

    await a.page.getByTestId('member-code').fill(code.toLowerCase());
    await a.page.getByTestId('member-redeem-submit').click();
    await a.page.getByTestId('member-status').filter({ hasText: '会员（等级 3）' }).waitFor();
    await a.page.getByTestId('member-until').filter({ hasText: '有效期至' }).waitFor();
    await a.page.getByTestId('level-badge').waitFor();
    // The other tab's badge came by the socket.
    await other.page.getByTestId('level-badge').waitFor();
    expect(await other.page.getByTestId('level-badge').textContent()).toContain('3');
    await expectAccessible(a.page, 'member: after redeeming');
    await shot(a.page, 'member-desktop');
    await a.page.setViewportSize(PHONE);
    await shot(a.page, 'member-phone');
    await expectAccessible(a.page, 'member: phone');
  });
});
