import { useTranslation } from 'react-i18next';
import { toggleReaction } from './api';
import { useReactions } from './store';
import './reactions.css';

/** The reactions under a bubble: one chip per emoji with its count; mine highlighted, a click toggles mine. */
export function ReactionBar({ conversationID, messageID }: { conversationID: string; messageID: string }) {
  const { t } = useTranslation('reactions');
  const list = useReactions((s) => s.byConv[conversationID]?.[messageID]);
  if (!list || list.length === 0) return null;
  return (
    <div className="reaction-bar" data-testid="reaction-bar">
      {list.map((r) => (
        <button
          key={r.emoji}
          type="button"
          className={`reaction-chip${r.reactedByMe ? ' reaction-chip--mine' : ''}`}
          aria-pressed={r.reactedByMe}
          aria-label={t('chip', { emoji: r.emoji, count: r.totalUserCount })}
          data-testid="reaction-chip"
          data-emoji={r.emoji}
          onClick={() => void toggleReaction(conversationID, messageID, r.emoji, !r.reactedByMe)}
        >
          <span aria-hidden="true">{r.emoji}</span>
          <span className="reaction-chip__count">{r.totalUserCount}</span>
        </button>
      ))}
    </div>
  );
}
