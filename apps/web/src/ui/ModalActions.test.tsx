import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ModalActions } from './ModalActions';

describe('modal actions', () => {
  it('puts cancel first and the primary action second, each calling its own handler', () => {
    const cancel = vi.fn();
    const confirm = vi.fn();
    render(
      <ModalActions
        cancel={{ label: '取消', onClick: cancel }}
        confirm={{ label: '发送', onClick: confirm, testId: 'go' }}
      />,
    );
    const [first, second] = screen.getAllByRole('button');
    expect(first!.textContent).toBe('取消');
    expect(second).toBe(screen.getByTestId('go'));
    expect(second!.className).toBe('btn btn--primary');
    fireEvent.click(second!);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(cancel).not.toHaveBeenCalled();
    fireEvent.click(first!);
    expect(cancel).toHaveBeenCalledTimes(1);
  });
  it('shows a destructive action in red and a disabled one as disabled', () => {
    const confirm = vi.fn();
    render(
      <ModalActions
        danger
        cancel={{ label: 'no', onClick: () => {} }}
        confirm={{ label: 'delete', onClick: confirm, disabled: true, testId: 'del' }}
      />,
    );
    const del = screen.getByTestId('del') as HTMLButtonElement;
    expect(del.className).toBe('btn btn--danger');
    expect(del.disabled).toBe(true);
    fireEvent.click(del);
    expect(confirm).not.toHaveBeenCalled();
  });
});
