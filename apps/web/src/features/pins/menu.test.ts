import { describe, expect, it } from 'vitest';
import type { MessageCan } from '@parley/protocol';
import { queryClient } from '../../lib/query';
import { pinsKey } from './api';
import { pinMenuItem } from './menu';

const can = (pin: boolean): MessageCan => ({
  revoke: false,
  revokeUntil: 0,
  reedit: false,
  pin,
  delete: true,
  forward: true,
  react: true,
});
const msg = (ID: string, pin: boolean) => ({ ID, from: 'peer', conversationID: 'C2Cpeer', can: can(pin) });
const t = (key: string) => key;

describe('the message menu 置顶 entry', () => {
  it('offers 置顶 as the server flag says, and 取消置顶 on a pinned message', () => {
    queryClient.setQueryData(pinsKey('C2Cpeer'), [
      {
        id: 7,
        msgId: 'pinned',
        nickName: 'Peer',
        msgContent: 'x',
        oneSelf: 1,
        conversationID: 'C2Cpeer',
        createTime: 1,
      },
    ]);
    expect(pinMenuItem(msg('m1', true), 'hi', t)?.key).toBe('pin');
    expect(pinMenuItem(msg('m1', false), 'hi', t)).toBeNull();
    expect(pinMenuItem({ ...msg('m1', false), conversationID: 'GROUP1' }, 'hi', t)).toBeNull();
    expect(pinMenuItem(msg('pinned', true), 'x', t)?.key).toBe('unpin');
  });
});
