import { beforeEach, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { Message } from '@parley/protocol';
import { useForward } from '../../forward/forward-store';
import { useChatStore } from '../store';
import { freshCan, messageFixture } from '../test-fixtures';
import type { ChatMessage } from '../types';
import { useMessagesUi } from '../ui-store';
import { forwardSelected, richMenuItems } from './forwarding';

const t = ((key: string) => key) as unknown as TFunction;

const message = (ID: string, over: Partial<Message> = {}): Message =>
  messageFixture({
    ID,
    clientMsgId: `c-${ID}`,
    timeMs: 1_000_000,
    payload: { text: ID },
    sequence: Number(ID.slice(1)),
    ...over,
  });
const notForwardable = { ...freshCan(1_000_000), forward: false };

beforeEach(() => {
  useChatStore.setState({ byConv: {}, originals: new Map() });
  useForward.setState({ request: null });
  useMessagesUi.getState().endSelect();
});

describe('forwarding follows the server’s can.forward', () => {
  it('the menu offers 转发 only on a message the server lets be forwarded', () => {
    const keys = (m: Message) => richMenuItems(m as ChatMessage, t).map((i) => i.key);
    expect(keys(message('m1'))).toContain('forward');
    // A call card (type custom) or a notice: the type alone would allow it, the flag does not.
    expect(keys(message('m2', { type: 'custom', can: notForwardable }))).not.toContain('forward');
  });

  it('multi-select forwards only the forwardable messages; none left: nothing opens', () => {
    useChatStore
      .getState()
      .merge('C2Cpeer', [
        message('m1'),
        message('m2', { type: 'custom', can: notForwardable }),
        message('m3'),
      ]);
    const ui = useMessagesUi.getState();
    ui.startSelect('m1');
    ui.toggleSelected('m2');
    ui.toggleSelected('m3');
    forwardSelected('C2Cpeer', 'single', t, 'Peer');
    expect(useForward.getState().request).toEqual({ messageIDs: ['m1', 'm3'], mode: 'single' });

    useForward.setState({ request: null });
    ui.endSelect();
    useMessagesUi.getState().startSelect('m2');
    forwardSelected('C2Cpeer', 'merged', t, 'Peer');
    expect(useForward.getState().request).toBeNull();
  });
});
