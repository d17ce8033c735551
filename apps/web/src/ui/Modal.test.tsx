import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './Modal';

function Opener({ fromMenu = false }: { fromMenu?: boolean }) {
  const [open, setOpen] = useState(false);
  const [menu, setMenu] = useState(fromMenu);
  return (
    <>
      <button type="button" data-testid="opener" onClick={() => (fromMenu ? setMenu(true) : setOpen(true))}>
        open
      </button>
      {menu && (
        // A menu item that disappears as the dialog opens (like a popover menu).
        <button
          type="button"
          data-testid="menu-item"
          onClick={() => {
            setMenu(false);
            setOpen(true);
          }}
        >
          item
        </button>
      )}
      <Modal open={open} onOpenChange={setOpen} title="Dialog" initialFocus="[data-testid='field']">
        <input data-testid="field" aria-label="field" />
      </Modal>
    </>
  );
}

describe('Modal focus', () => {
  it('opens with focus on the initial element and returns it to the opener on close', async () => {
    render(<Opener />);
    const opener = screen.getByTestId('opener');
    opener.focus();
    fireEvent.click(opener);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('field')));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('field')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('returns focus to the element before a vanished menu item', async () => {
    render(<Opener fromMenu />);
    const opener = screen.getByTestId('opener');
    opener.focus();
    const item = screen.getByTestId('menu-item');
    act(() => item.focus());
    fireEvent.click(item);
    await screen.findByTestId('field');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('field')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
