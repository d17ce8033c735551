import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { socket } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { useToasts } from '../../ui/toast-store';
import { localRefusal } from './local-review';
import { outbox } from './local';
import { sendText } from './send';
import { useChatStore } from './store';

beforeEach(() => {
  useSession.setState({
    user: { wtId: 'me', nickName: 'Me', avatar: '' } as ReturnType<typeof useSession.getState>['user'],
  });
  useChatStore.setState({ byConv: {}, originals: new Map() });
  useToasts.getState().clear();
  socket.status = 'open';
});
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  socket.status = 'idle';
  await i18n.changeLanguage('zh-CN');
});

const toastTexts = () => useToasts.getState().items.map((t) => [t.type, t.message]);

describe('the local review list (3123)', () => {
  it('refuses a text holding a listed word, whatever its case, with the catalogue code and text', () => {
    vi.stubEnv('VITE_LOCAL_BLOCKED_WORDS', ' 代购 , Spam ');
    expect(localRefusal('正规代购了解一下')).toEqual({ code: 3123, msg: '文本包含本地审核拦截词' });
    expect(localRefusal('no SPAM here')).toEqual({ code: 3123, msg: '文本包含本地审核拦截词' });
    expect(localRefusal('代 购')).toBeNull();
    vi.stubEnv('VITE_LOCAL_BLOCKED_WORDS', '');
    expect(localRefusal('正规代购了解一下')).toBeNull();
  });

  it('a refused text is neither kept nor sent: no message, no outbox entry, the refusal shown', async () => {
    vi.stubEnv('VITE_LOCAL_BLOCKED_WORDS', '代购');
    const send = vi.spyOn(socket, 'send');
    expect(await sendText('C2Cpeer', '找我代购', undefined, 'cid-local')).toBe('failed');
    expect(send).not.toHaveBeenCalled();
    expect(useChatStore.getState().byConv.C2Cpeer?.messages ?? []).toEqual([]);
    expect(await outbox.list('me')).toEqual([]);
    expect(toastTexts()).toEqual([['error', '文本包含本地审核拦截词']]);
  });

  it('shows the refusal in the UI language', async () => {
    vi.stubEnv('VITE_LOCAL_BLOCKED_WORDS', '代购');
    await i18n.changeLanguage('en');
    expect(await sendText('C2Cpeer', '代购', undefined, 'cid-en')).toBe('failed');
    expect(toastTexts()).toEqual([['error', 'The text contains a blocked word.']]);
  });

  it('a text without a listed word goes out as before', async () => {
    vi.stubEnv('VITE_LOCAL_BLOCKED_WORDS', '代购');
    const send = vi.spyOn(socket, 'send').mockRejectedValue(new Error('socket closed'));
    expect(await sendText('C2Cpeer', '你好', undefined, 'cid-ok')).toBe('queued');
    expect(send).toHaveBeenCalledWith('message.send', expect.objectContaining({ payload: { text: '你好' } }));
    expect(toastTexts()).toEqual([]);
    await outbox.remove('cid-ok');
  });
});
