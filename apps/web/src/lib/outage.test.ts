import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentOutage, markHttp, markSocket } from './outage';
import { toast, useToasts } from '../ui/toast-store';

describe('outage', () => {
  afterEach(() => {
    markHttp(true);
    markSocket(false);
    vi.restoreAllMocks();
    useToasts.getState().clear();
  });

  it('a failed call or a socket that cannot connect is the server; the socket opening clears both', () => {
    expect(currentOutage()).toBe(null);
    markHttp(false);
    expect(currentOutage()).toBe('server');
    markHttp(true);
    markSocket(true);
    expect(currentOutage()).toBe('server');
    markHttp(false);
    markSocket(false);
    expect(currentOutage()).toBe(null);
  });

  it('the browser offline is the user’s network, whatever the server does', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    markSocket(true);
    expect(currentOutage()).toBe('offline');
  });

  it('error toasts wait while the banner shows; other toasts do not', () => {
    markSocket(true);
    toast.error('系统未知错误，请反馈给管理员');
    toast.success('已复制');
    expect(useToasts.getState().items.map((i) => `${i.type}:${i.message}`)).toEqual(['success:已复制']);
    markSocket(false);
    toast.error('聊天记录加载失败');
    expect(useToasts.getState().items.map((i) => i.type)).toEqual(['success', 'error']);
  });
});
