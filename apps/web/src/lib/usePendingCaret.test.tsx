import { useRef, useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePendingCaret } from './usePendingCaret';

/** A box with a button that inserts 'X' at the caret, as the emoji picker does. */
function Box() {
  const box = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('ab');
  const place = usePendingCaret(box);
  const insert = () => {
    const el = box.current!;
    const at = el.selectionStart;
    const next = text.slice(0, at) + 'X' + text.slice(el.selectionEnd);
    setText(next);
    place(next, at + 1);
  };
  return (
    <>
      <textarea data-testid="box" ref={box} value={text} onChange={(e) => setText(e.target.value)} />
      <button data-testid="insert" onClick={insert} />
    </>
  );
}

describe('usePendingCaret', () => {
  it('puts the caret after the inserted text in the same commit, before the next key', () => {
    render(<Box />);
    const el = screen.getByTestId<HTMLTextAreaElement>('box');
    el.focus();
    el.setSelectionRange(1, 1);
    act(() => fireEvent.click(screen.getByTestId('insert')));
    // No frame has passed: the next key typed lands here, not at the end.
    expect(el.value).toBe('aXb');
    expect(el.selectionStart).toBe(2);
    expect(el.selectionEnd).toBe(2);
    expect(document.activeElement).toBe(el);
  });

  it('leaves the caret alone when the text changed again before the commit', () => {
    render(<Box />);
    const el = screen.getByTestId<HTMLTextAreaElement>('box');
    el.focus();
    el.setSelectionRange(0, 0);
    act(() => {
      fireEvent.click(screen.getByTestId('insert'));
      fireEvent.change(el, { target: { value: 'typed over' } });
    });
    expect(el.value).toBe('typed over');
    expect(el.selectionStart).toBe('typed over'.length);
  });
});
