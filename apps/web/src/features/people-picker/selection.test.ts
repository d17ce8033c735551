import { describe, expect, it } from 'vitest';
import { allSelected, canSelectAll, toggle, toggleAll, type Selection } from './selection';
import type { PickerItem } from './types';

const a: PickerItem = { id: 'a', name: 'A' };
const b: PickerItem = { id: 'b', name: 'B' };
const c: PickerItem = { id: 'c', name: 'C' };
const off: PickerItem = { id: 'x', name: 'X', disabled: true, disabledReason: 'inGroup' };
const none: Selection = new Map();
const ids = (s: Selection) => [...s.keys()];

describe('toggle', () => {
  it('adds then removes an item in multi mode', () => {
    const one = toggle(none, a, { mode: 'multi' }).selection;
    expect(ids(one)).toEqual(['a']);
    expect(ids(toggle(one, a, { mode: 'multi' }).selection)).toEqual([]);
  });
  it('keeps only one item in radio mode', () => {
    const one = toggle(none, a, { mode: 'radio' }).selection;
    expect(ids(toggle(one, b, { mode: 'radio' }).selection)).toEqual(['b']);
  });
  it('refuses disabled rows and picks beyond the max', () => {
    expect(toggle(none, off, { mode: 'multi' })).toMatchObject({ refused: 'disabled' });
    const one = toggle(none, a, { mode: 'multi', max: 1 }).selection;
    const res = toggle(one, b, { mode: 'multi', max: 1 });
    expect(res.refused).toBe('max');
    expect(ids(res.selection)).toEqual(['a']);
  });
});

describe('select all', () => {
  it('is offered only for more than one selectable candidate and never in radio mode', () => {
    expect(canSelectAll([a], 'multi')).toBe(false);
    expect(canSelectAll([a, off], 'multi')).toBe(false);
    expect(canSelectAll([a, b], 'multi')).toBe(true);
    expect(canSelectAll([a, b], 'radio')).toBe(false);
  });
  it('selects every enabled candidate, then clears them', () => {
    const all = toggleAll(none, [a, b, off], { mode: 'multi' }).selection;
    expect(ids(all)).toEqual(['a', 'b']);
    expect(allSelected(all, [a, b, off])).toBe(true);
    expect(ids(toggleAll(all, [a, b, off], { mode: 'multi' }).selection)).toEqual([]);
  });
  it('stops at the max and says so', () => {
    const res = toggleAll(none, [a, b, c], { mode: 'multi', max: 2 });
    expect(ids(res.selection)).toEqual(['a', 'b']);
    expect(res.refused).toBe('max');
  });
  it('keeps earlier picks that are not in the current candidates', () => {
    const picked = toggle(none, c, { mode: 'multi' }).selection;
    const res = toggleAll(picked, [a, b], { mode: 'multi' });
    expect(ids(res.selection)).toEqual(['c', 'a', 'b']);
    expect(ids(toggleAll(res.selection, [a, b], { mode: 'multi' }).selection)).toEqual(['c']);
  });
});
