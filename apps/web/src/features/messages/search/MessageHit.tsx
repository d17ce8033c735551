import type { Message } from '@parley/protocol';
import { useFormatTime } from '../../../lib/i18n';
import { Avatar } from '../../../ui/Avatar';
import { abstractOf } from '../send';
import { splitHits } from './useMessageSearch';

/** One found message: who, when, and its text with the keyword marked; a click opens it in context. */
export function MessageHit({
  m,
  keyword,
  title,
  onOpen,
}: {
  m: Message;
  keyword: string;
  /** The row's name: the sender in a chat's search, the conversation in the list's. */
  title: string;
  onOpen(m: Message): void;
}) {
  const formatTime = useFormatTime();
  const text = m.type === 'text' ? String((m.payload as { text?: unknown }).text ?? '') : abstractOf(m);
  return (
    <button
      type="button"
      className="cv-row search-hit"
      data-testid="search-message"
      data-id={m.ID}
      onClick={() => onOpen(m)}
    >
      <Avatar src={m.avatar} name={m.nick || m.from} size={36} decorative />
      <span className="cv-row__main">
        <span className="cv-row__top">
          <span className="cv-row__name">{title}</span>
          <span className="cv-row__time">{formatTime(m.time)}</span>
        </span>
        <span className="cv-row__last search-hit__text">
          {splitHits(text, keyword).map((part, i) =>
            part.hit ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
          )}
        </span>
      </span>
    </button>
  );
}
