import type { ContentProps } from '../bubbles/types';
import { useTipText } from './useTipText';

/** A group tip as a centred system notice (the `groupTip` system-line renderer). */
export function GroupTipLine({ m }: ContentProps) {
  const text = useTipText();
  return <span data-testid="group-tip">{text(m.payload)}</span>;
}
