import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test-utils';
import { RegisterForm } from './RegisterForm';

afterEach(() => {
  vi.unstubAllGlobals();
});

function fill(name: string, value: string) {
  const input = document.querySelector<HTMLInputElement>(
    `[data-testid="register-form"] input[name="${name}"]`,
  )!;
  fireEvent.change(input, { target: { value } });
  return input;
}

function submitValidForm() {
  fill('phone', '13900000001');
  fill('nickName', '林晓');
  fill('pwd', 'Passw0rd1');
  fill('confirm', 'Passw0rd1');
  fireEvent.click(document.querySelector('input[name="agree"]')!);
  fireEvent.click(screen.getByTestId('register-submit'));
}

describe('RegisterForm server errors', () => {
  it('a taken phone marks the phone field inline, and editing the phone clears it', async () => {
    mockApi({ '/user/login/register': () => ({ code: 10002, msg: '该手机号已注册', status: 409 }) });
    render(
      <MemoryRouter>
        <RegisterForm onSwitchToLogin={() => {}} />
      </MemoryRouter>,
    );
    submitValidForm();
    const phone = document.querySelector<HTMLInputElement>('input[name="phone"]')!;
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(phone.getAttribute('aria-describedby')!)!;
    expect(error.textContent).toBe('该手机号已注册，请直接登录或换一个手机号');
    expect(error.getAttribute('role')).toBe('alert');
    expect(screen.queryByTestId('login-error')).toBeNull();
    fill('phone', '13900000002');
    expect(phone.getAttribute('aria-invalid')).toBeNull();
  });

  it('a taken ID goes under the ID field; a field-named 400 under that field; anything else on the form', async () => {
    const answers = [
      { code: 10003, msg: '该ID已被占用', status: 409 },
      { code: 400, msg: '昵称不能包含敏感词', status: 400, data: { field: 'nickName' } },
      { code: 500, msg: '系统繁忙', status: 500 },
    ];
    mockApi({ '/user/login/register': () => answers.shift()! });
    render(
      <MemoryRouter>
        <RegisterForm onSwitchToLogin={() => {}} />
      </MemoryRouter>,
    );
    submitValidForm();
    const wtId = document.querySelector<HTMLInputElement>('input[name="wtId"]')!;
    await waitFor(() => expect(wtId.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(wtId.getAttribute('aria-describedby')!)!.textContent).toBe(
      '该ID已被占用，请换一个',
    );
    fireEvent.click(screen.getByTestId('register-submit'));
    const nick = document.querySelector<HTMLInputElement>('input[name="nickName"]')!;
    await waitFor(() => expect(nick.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(nick.getAttribute('aria-describedby')!)!.textContent).toBe(
      '昵称不能包含敏感词',
    );
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toBe('系统繁忙'));
  });
});
