import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MomentNew } from '@parley/protocol';
import { useSocketEvent } from '../../lib/realtime';
import { Avatar } from '../../ui/Avatar';

/**
 * "New moments" above the feed: friends' moments pushed live (socket `moment.new`) while the feed is
 * open, with the latest authors' avatars; a click reads the feed again from the top.
 */
export function NewMomentsPill({ shown, onOpen }: { shown: readonly number[]; onOpen: () => void }) {
  const { t } = useTranslation('moments');
  const [fresh, setFresh] = useState<MomentNew[]>([]);
  useSocketEvent('moment.new', (m) => {
    if (shown.includes(m.id)) return;
    setFresh((old) => [m, ...old.filter((o) => o.id !== m.id)]);
  });
  if (fresh.length === 0) return null;
  const authors = fresh.filter((m, i) => fresh.findIndex((o) => o.wtId === m.wtId) === i).slice(0, 3);
  return (
    <button
      type="button"
      className="mo-fresh"
      data-testid="moments-fresh"
      onClick={() => {
        setFresh([]);
        onOpen();
        window.scrollTo({ top: 0 });
      }}
    >
      <span className="mo-fresh__faces" aria-hidden="true">
        {authors.map((m) => (
          <Avatar key={m.wtId} src={m.avatar} name={m.nickName} size={24} decorative />
        ))}
      </span>
      {t('freshMoments', { count: fresh.length })}
    </button>
  );
}
