import { useState, type FormEvent } from 'react';
import type { GroupCard } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { errorTextOf } from '../../lib/error-text';
import { Avatar } from '../../ui/Avatar';
import { useGroupAction } from './actions';

/** Join a group by its ID (search, joinType 3): the card, then join or apply with a message. */
export function JoinById() {
  const { t } = useTranslation('groups');
  const run = useGroupAction();
  const [query, setQuery] = useState('');
  const [card, setCard] = useState<GroupCard | null>(null);
  const [message, setMessage] = useState('');
  const [note, setNote] = useState<string | null>(null);

  const handleSearch = async (e: FormEvent) => {
    e.preventDefault();
    const groupNumber = query.trim();
    if (!groupNumber) return;
    setCard(null);
    setNote(null);
    try {
      setCard(await call('groups', 'card', { groupNumber }, { silent: true }));
    } catch (err) {
      setNote(errorTextOf(err, t('join.notFound')));
    }
  };

  const handleJoin = async () => {
    if (!card) return;
    const r = await run(
      card.groupNumber,
      () =>
        call(
          'groups',
          'activeJoin',
          { groupNumber: card.groupNumber, joinType: 3, applyMessage: message.trim() },
          { silent: true },
        ),
      { fail: t('apply.failed') },
    );
    if (r) {
      setNote(r.joined ? t('join.joined') : t('join.sent'));
      setCard(null);
    }
  };

  return (
    <div className="gp-joinid">
      <form className="gp-limit" onSubmit={handleSearch} role="search">
        <input
          className="input"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('join.placeholder')}
          aria-label={t('join.placeholder')}
          data-testid="group-join-search"
        />
        <button type="submit" className="btn" data-testid="group-join-search-btn">
          {t('join.search')}
        </button>
      </form>
      {card && (
        <div className="gp-list__item" data-testid="group-join-card">
          <Avatar src={card.avatar} name={card.name} size={40} decorative shape="rounded" />
          <span className="gp-list__name">
            {card.name} · {t('join.members', { count: card.memberCount })}
          </span>
          {card.isMember ? (
            <span className="gp-note">{t('join.joined')}</span>
          ) : (
            <>
              {card.confirminviteSwitch === 1 && (
                <input
                  className="input"
                  value={message}
                  maxLength={50}
                  onChange={(e) => setMessage(e.target.value)}
                  placeholder={t('join.message')}
                  data-testid="group-join-message"
                />
              )}
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => void handleJoin()}
                data-testid="group-join-apply"
              >
                {card.confirminviteSwitch === 1 ? t('join.apply') : t('join.join')}
              </button>
            </>
          )}
        </div>
      )}
      {note && (
        <p className="gp-note" role="status" data-testid="group-join-note">
          {note}
        </p>
      )}
    </div>
  );
}
