import { fireEvent, screen, waitFor } from '@testing-library/react';
import { routes } from '@parley/protocol';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { resetErrorDedupe } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { userConfigKey } from '../../../lib/user-config';
import { renderWithProviders } from '../../../test-utils';
import { GroupCallButtons } from './GroupCallButtons';
import { member, mockMembers } from './test-fixtures';

beforeAll(async () => {
  await i18n.loadNamespaces(['calls', 'picker']);
});
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(2000);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
  useSession.setState({ user: { wtId: 'me' } as ReturnType<typeof useSession.getState>['user'] });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetErrorDedupe();
});

const CONFIG = routes.users.config.path;
const MEMBERS = [member('me', '我'), member('u1', 'Amy'), member('u2', 'Bob')];

function setup(webMediaSwitch = 1) {
  mockMembers(MEMBERS, { [CONFIG]: () => ({ data: { webMediaSwitch } }) });
  const start = vi.fn<(type: 1 | 2, ids: string[]) => Promise<void>>(() => Promise.resolve());
  const { client } = renderWithProviders(<GroupCallButtons groupID="g1" start={start} />);
  return { start, client };
}

describe('GroupCallButtons', () => {
  it('are named by action and start the call with the picked members on Done', async () => {
    const { start } = setup();
    fireEvent.click(await screen.findByRole('button', { name: '群视频通话' }));
    expect(await screen.findByRole('dialog', { name: '发起群视频' })).toBeTruthy();
    const amy = await screen.findByRole('checkbox', { name: /Amy/ });
    fireEvent.click(amy);
    fireEvent.click(screen.getByTestId('picker-done'));
    expect(start).toHaveBeenCalledWith(2, ['u1']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: '群语音通话' })).toBeTruthy();
  });

  it('ignore a click within 500 ms of the last one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    const { start } = setup();
    const voice = await screen.findByRole('button', { name: '群语音通话' });
    fireEvent.click(voice);
    expect(await screen.findByRole('dialog', { name: '发起群语音' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('picker-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    vi.setSystemTime(1_000_499);
    fireEvent.click(screen.getByRole('button', { name: '群视频通话' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    vi.setSystemTime(1_000_999);
    fireEvent.click(screen.getByRole('button', { name: '群视频通话' }));
    expect(await screen.findByRole('dialog', { name: '发起群视频' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('picker-cancel'));
    expect(start).not.toHaveBeenCalled();
  });

  it('are not shown while the web media switch is off', async () => {
    const { client } = setup(0);
    await waitFor(() => expect(client.getQueryState(userConfigKey)?.status).toBe('success'));
    expect(screen.queryByRole('button', { name: '群语音通话' })).toBeNull();
    expect(screen.queryByRole('button', { name: '群视频通话' })).toBeNull();
  });
});
