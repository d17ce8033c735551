import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@parley/protocol';
import i18n from '../../lib/i18n';
import { mockApi, renderWithProviders } from '../../test-utils';
import { useToasts } from '../../ui/toast-store';
import { AvatarUpload } from './AvatarUpload';

beforeAll(async () => {
  await i18n.loadNamespaces(['profileEdit']);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AvatarUpload', () => {
  it('a refused upload shows the server reason, not a bare 上传失败', async () => {
    mockApi({
      '/oss/upload': () => ({ code: 400, msg: '文件不是有效的图片', status: 400 }),
    });
    renderWithProviders(<AvatarUpload user={{ wtId: 'lin', nickName: '林晓', avatar: '' } as UserInfo} />);
    const input = screen.getByTestId('avatar-file') as HTMLInputElement;
    const fake = new File(['not really a png'], 'fake.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [fake] } });
    await waitFor(() =>
      expect(useToasts.getState().items.map((t) => t.message)).toContain('上传失败：文件不是有效的图片'),
    );
  });
});
