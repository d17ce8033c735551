import { useEffect, useState } from 'react';
import type { GroupCard } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { call } from '../../lib/api';
import { errorTextOf } from '../../lib/error-text';
import { loginPath } from '../../lib/nav';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { Avatar } from '../../ui/Avatar';
import { Spinner } from '../../ui/Spinner';
// A route of its own (router import()): the h5 layout does not load the feature's index.
import './groups.css';
import './group-dialogs.css';

type Phase = 'loading' | 'ready' | 'joining' | 'joined' | 'sent' | 'error';

/**
 * /h5/group/{groupNumber}: what a group's QR code opens. Shows the group card; a signed-in user joins
 * (joinType 1, scan) or applies when the group needs approval; a guest signs in first and comes back.
 */
export default function JoinPage() {
  const { t } = useTranslation('groups');
  const { groupNumber = '' } = useParams();
  const token = useSession((s) => s.token);
  const [card, setCard] = useState<GroupCard | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [error, setError] = useState('');
  const here = `/h5/group/${encodeURIComponent(groupNumber)}`;

  useEffect(() => {
    if (!token) return;
    let live = true;
    call('groups', 'card', { groupNumber }, { silent: true }).then(
      (c) => {
        if (!live) return;
        setCard(c);
        setPhase(c.isMember ? 'joined' : 'ready');
      },
      (err: unknown) => {
        if (!live) return;
        setError(errorTextOf(err, t('panel.membersFailed')));
        setPhase('error');
      },
    );
    return () => {
      live = false;
    };
  }, [token, groupNumber, t]);

  const handleJoin = async () => {
    setPhase('joining');
    try {
      const r = await call('groups', 'activeJoin', { groupNumber, joinType: 1 }, { silent: true });
      setPhase(r.joined ? 'joined' : 'sent');
    } catch (err) {
      setError(errorTextOf(err, t('apply.failed')));
      setPhase('error');
    }
  };

  let content;
  if (!token)
    content = (
      <Link
        className="btn btn--primary btn--block btn--lg"
        to={loginPath(here)}
        data-testid="group-join-login"
      >
        {t('join.title')}
      </Link>
    );
  else if (phase === 'loading') content = <Spinner size={28} />;
  else if (phase === 'error')
    content = (
      <p className="h5-status h5-status--error" role="alert" data-testid="group-join-error">
        {error}
      </p>
    );
  else if (phase === 'joined')
    content = (
      <>
        <p className="h5-status h5-status--ok" data-testid="group-join-done">
          {t('join.joined')}
        </p>
        <Link className="btn btn--primary btn--block" to={`${paths.contacts}?tab=groups`}>
          {t('join.open')}
        </Link>
      </>
    );
  else if (phase === 'sent')
    content = (
      <p className="h5-status h5-status--ok" data-testid="group-join-sent">
        {t('join.sent')}
      </p>
    );
  else
    content = (
      <button
        type="button"
        className="btn btn--primary btn--block btn--lg btn--touch"
        disabled={phase === 'joining'}
        onClick={() => void handleJoin()}
        data-testid="group-join"
      >
        {card?.confirminviteSwitch === 1 ? t('join.apply') : t('join.join')}
      </button>
    );

  return (
    <div className="h5-page h5-qr" data-testid="h5-group-join">
      {card ? (
        <div className="gp-join-card">
          <Avatar src={card.avatar} name={card.name} size={72} shape="rounded" decorative />
          <h1 className="gp-join-card__name">{card.name}</h1>
          <p className="gp-join-card__meta">
            {t('join.members', { count: card.memberCount })} · {t('panel.groupId')} {card.groupNumber}
          </p>
          {card.limitLevel > 0 && (
            <p className="gp-join-card__hint">{t('join.limit', { level: card.limitLevel })}</p>
          )}
          {card.confirminviteSwitch === 1 && phase === 'ready' && (
            <p className="gp-join-card__hint">{t('join.approval')}</p>
          )}
        </div>
      ) : (
        <h1>{t('join.title')}</h1>
      )}
      <div className="h5-qr__actions">{content}</div>
    </div>
  );
}
