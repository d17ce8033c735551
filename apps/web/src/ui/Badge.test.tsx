import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Badge, badgeText } from './Badge';

describe('badge', () => {
  it('caps at 99 and hides zero', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-3)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12345)).toBe('99+');
  });
  it('renders 99+ and nothing for 0', () => {
    const { container, rerender } = render(<Badge count={0} />);
    expect(container.textContent).toBe('');
    rerender(<Badge count={250} />);
    expect(screen.getByTestId('badge').textContent).toBe('99+');
  });
});
