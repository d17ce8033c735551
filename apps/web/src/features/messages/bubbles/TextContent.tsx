import { useAbstract } from '../abstract';
import type { ContentProps } from './types';

/** Text (and any type without its own renderer): the one-line abstract in the current language. */
export function TextContent({ m }: ContentProps) {
  const abstract = useAbstract();
  return m.hasRiskContent ? <span className="msg-risk">{abstract(m)}</span> : <>{abstract(m)}</>;
}
