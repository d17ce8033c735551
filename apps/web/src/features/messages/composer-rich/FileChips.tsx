import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../lib/format';
import { useChips } from './chips-store';
import { truncateName } from './media';

const NONE: File[] = [];

/** The file chips waiting in the composer (sent with the next send). */
export function FileChips({ conversationID }: { conversationID: string }) {
  const { t } = useTranslation('rich');
  const files = useChips((s) => s.byConv[conversationID] ?? NONE);
  const remove = useChips((s) => s.remove);
  if (files.length === 0) return null;
  return (
    <ul className="rich-chips" data-testid="file-chips">
      {files.map((f, i) => (
        <li key={`${f.name}-${i}`} className="rich-chip" data-testid="file-chip" title={f.name}>
          <span className="rich-chip__name">{truncateName(f.name)}</span>
          <span className="rich-chip__size">{formatSize(f.size)}</span>
          <button
            type="button"
            className="cv-link"
            aria-label={t('chips.remove', { name: f.name })}
            onClick={() => remove(conversationID, i)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
