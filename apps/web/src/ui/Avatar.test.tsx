import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Avatar } from './Avatar';

describe('Avatar', () => {
  it('is a 36 px circle by default and retries a failing image 3 times before the default avatar', () => {
    const { container } = render(<Avatar src="/a.png" name="Zoe" />);
    const img = () => container.querySelector('img');
    expect(img()?.getAttribute('src')).toBe('/a.png');
    expect(img()?.style.width).toBe('36px');
    expect(img()?.style.borderRadius).toBe('50%');
    for (let retry = 1; retry <= 3; retry++) {
      fireEvent.error(img()!);
      expect(img()?.getAttribute('src')).toBe(`/a.png?retry=${retry}`);
    }
    fireEvent.error(img()!);
    expect(img()).toBeNull();
    expect(screen.getByTestId('avatar-default').textContent).toBe('Z');
  });

  it('shows the default avatar when there is no src, and starts over when src changes', () => {
    const { rerender, container } = render(<Avatar src="" name="" />);
    expect(screen.getByTestId('avatar-default').querySelector('svg')).not.toBeNull();
    rerender(<Avatar src="/b.png" name="" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/b.png');
  });
});
