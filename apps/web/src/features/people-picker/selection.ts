import type { PickerItem, PickerMode } from './types';

/** Selected items in the order they were picked. */
export type Selection = ReadonlyMap<string, PickerItem>;

export interface SelectionRules {
  mode: PickerMode;
  /** Most items that may be selected (multi mode). */
  max?: number;
}

export type ToggleResult = { selection: Selection; refused?: 'disabled' | 'max' };

/** Click on a row: selects or deselects; radio keeps one; disabled rows and the max are respected. */
export function toggle(selection: Selection, item: PickerItem, rules: SelectionRules): ToggleResult {
  if (item.disabled) return { selection, refused: 'disabled' };
  if (selection.has(item.id)) {
    const next = new Map(selection);
    next.delete(item.id);
    return { selection: next };
  }
  if (rules.mode === 'radio') return { selection: new Map([[item.id, item]]) };
  if (rules.max !== undefined && selection.size >= rules.max) return { selection, refused: 'max' };
  const next = new Map(selection);
  next.set(item.id, item);
  return { selection: next };
}

/** Candidates that select-all acts on: the visible rows that are not disabled. */
export function selectable(candidates: readonly PickerItem[]): PickerItem[] {
  return candidates.filter((c) => !c.disabled);
}

/** Select-all is offered when there is more than one candidate and the picker is not radio. */
export function canSelectAll(candidates: readonly PickerItem[], mode: PickerMode): boolean {
  return mode !== 'radio' && selectable(candidates).length > 1;
}

export function allSelected(selection: Selection, candidates: readonly PickerItem[]): boolean {
  const list = selectable(candidates);
  return list.length > 0 && list.every((c) => selection.has(c.id));
}

/**
 * Select-all toggles: when every candidate is selected it deselects them, otherwise it adds the
 * missing ones up to the max (reporting 'max' when some were left out).
 */
export function toggleAll(
  selection: Selection,
  candidates: readonly PickerItem[],
  rules: SelectionRules,
): ToggleResult {
  const list = selectable(candidates);
  const next = new Map(selection);
  if (allSelected(selection, candidates)) {
    for (const c of list) next.delete(c.id);
    return { selection: next };
  }
  let refused: ToggleResult['refused'];
  for (const c of list) {
    if (next.has(c.id)) continue;
    if (rules.max !== undefined && next.size >= rules.max) {
      refused = 'max';
      break;
    }
    next.set(c.id, c);
  }
  return { selection: next, refused };
}
