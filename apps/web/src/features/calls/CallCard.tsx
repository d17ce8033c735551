import { customDataOf, type CallCardData } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { useCallStore } from './store';
import { callEngine } from './engine';
import { hhmmss } from './format';
import { useRun } from './CallWindow';
import { PhoneIcon, VideoIcon } from './icons';
import { useFriends } from '../friends';

/** A card's data as read (protocol `callCardDataSchema`; a field may be missing from an old card). */
type CardData = Partial<CallCardData>;

interface CardMessage {
  payload: Record<string, unknown>;
  conversationID: string;
}

function parse(payload: Record<string, unknown>): CardData {
  return (customDataOf(payload) ?? {}) as CardData;
}

/**
 * A call card in the chat: what happened, worded for each side (the caller sent it), and a click
 * that calls back with the same media type.
 */
export function CallCard({ m, mine }: { m: CardMessage; mine: boolean }) {
  const { t } = useTranslation('calls');
  const run = useRun();
  const idle = useCallStore((s) => s.phase === 'idle');
  const d = parse(m.payload);
  const type = d.callMediaType === 1 ? 1 : 2;
  const text =
    d.result === 'answered'
      ? `${t('card.duration')} ${hhmmss(d.duration ?? 0)}`
      : d.result === 'canceled'
        ? t(mine ? 'card.canceled' : 'card.canceledByCaller')
        : d.result === 'declined'
          ? t(mine ? 'card.declinedByUser' : 'card.declined')
          : d.result === 'busy'
            ? t('card.busy')
            : t('card.missed');
  const peer = m.conversationID.replace(/^C2C/, '');
  const friend = useFriends().data?.find((f) => f.wtId === peer);
  return (
    <button
      type="button"
      className="call-card"
      data-testid="call-card"
      data-result={d.result}
      disabled={!idle || !peer}
      onClick={() =>
        run(() =>
          callEngine.call(
            {
              wtId: peer,
              nickName: friend?.remark || friend?.nickName || peer,
              avatar: friend?.avatar ?? '',
            },
            type,
          ),
        )
      }
    >
      <span className="call-card__icon">
        {type === 2 ? <VideoIcon size={16} /> : <PhoneIcon size={16} />}
      </span>
      <span>{text}</span>
    </button>
  );
}
