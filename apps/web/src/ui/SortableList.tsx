import { useState, type ReactNode } from 'react';

export interface SortableListProps<T> {
  items: readonly T[];
  keyOf(item: T): string | number;
  /** Called with the items in their new order after a drop or a keyboard move. */
  onReorder(next: T[]): void;
  render(item: T, index: number): ReactNode;
  /** Accessible name of the list. */
  label: string;
  className?: string;
  itemClassName?: string;
  testId?: string;
  disabled?: boolean;
}

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item as T);
  return next;
}

/**
 * A list reordered by dragging a row onto another (HTML drag and drop), or from the keyboard:
 * Alt+ArrowUp / Alt+ArrowDown on a focused row moves it.
 */
export function SortableList<T>({
  items,
  keyOf,
  onReorder,
  render,
  label,
  className,
  itemClassName,
  testId,
  disabled,
}: SortableListProps<T>) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  return (
    <ul className={className} aria-label={label} data-testid={testId}>
      {items.map((item, i) => (
        <li
          key={keyOf(item)}
          className={`${itemClassName ?? ''}${over === i && dragging !== i ? ' is-drop-target' : ''}`}
          draggable={!disabled}
          tabIndex={disabled ? undefined : 0}
          aria-roledescription="sortable"
          data-testid={testId ? `${testId}-item` : undefined}
          onDragStart={(e) => {
            setDragging(i);
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', String(keyOf(item)));
          }}
          onDragOver={(e) => {
            if (dragging === null) return;
            e.preventDefault();
            setOver(i);
          }}
          onDragLeave={() => setOver((o) => (o === i ? null : o))}
          onDrop={(e) => {
            e.preventDefault();
            if (dragging !== null && dragging !== i) onReorder(moveItem(items, dragging, i));
            setDragging(null);
            setOver(null);
          }}
          onDragEnd={() => {
            setDragging(null);
            setOver(null);
          }}
          onKeyDown={(e) => {
            if (disabled || !e.altKey || e.target !== e.currentTarget) return;
            const to = e.key === 'ArrowUp' ? i - 1 : e.key === 'ArrowDown' ? i + 1 : null;
            if (to === null || to < 0 || to >= items.length) return;
            e.preventDefault();
            onReorder(moveItem(items, i, to));
          }}
        >
          {render(item, i)}
        </li>
      ))}
    </ul>
  );
}
