import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import i18n from '../../lib/i18n';
import { mockApi, renderWithProviders } from '../../test-utils';
import MemberPage from './MemberPage';

const info = {
  vipType: 0,
  vipLevel: 0,
  usedSeconds: 0,
  limitSeconds: 600,
  plans: [
    { level: 1, name: '月度会员', months: 1, price: '18.00' },
    { level: 2, name: '季度会员', months: 3, price: '48.00' },
    { level: 3, name: '年度会员', months: 12, price: '168.00' },
  ],
};

describe('member page plans', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('zh-CN');
  });

  it.each([
    ['en', ['Monthly membership', 'Quarterly membership', 'Yearly membership']],
    ['ja', ['1か月メンバーシップ', '3か月メンバーシップ', '12か月メンバーシップ']],
    ['zh-CN', ['月度会员', '季度会员', '年度会员']],
  ])('names the plans in the UI language (%s)', async (lng, names) => {
    await i18n.changeLanguage(lng);
    await i18n.loadNamespaces('calls');
    mockApi({ '/member/info': () => ({ data: info }) });
    renderWithProviders(<MemberPage />);
    await waitFor(() => expect(screen.getAllByTestId('member-plan')).toHaveLength(3));
    const shown = screen.getAllByTestId('member-plan').map((li) => li.querySelector('strong')!.textContent);
    expect(shown).toEqual(names);
  });
});
