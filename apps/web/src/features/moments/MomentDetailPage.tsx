import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { Moment } from '@parley/protocol';
import { useSession } from '../../lib/session';
import { paths } from '../../lib/paths';
import { Empty } from '../../ui/Empty';
import { Spinner } from '../../ui/Spinner';
import { momentsApi } from './api';
import { MomentCard } from './MomentCard';
import './moments.css';

/** /moments/{id}: one moment with its likes and comments; the same answer for missing and hidden. */
export default function MomentDetailPage() {
  const { t } = useTranslation('moments');
  const { id } = useParams();
  const navigate = useNavigate();
  const me = useSession((s) => s.user?.wtId ?? '');
  const [state, setState] = useState<{ moment?: Moment; missing?: boolean }>({});
  const numeric = Number(id);

  useEffect(() => {
    if (!Number.isSafeInteger(numeric) || numeric < 1) {
      setState({ missing: true });
      return;
    }
    let live = true;
    setState({});
    momentsApi.detail(numeric).then(
      (moment) => live && setState({ moment }),
      () => live && setState({ missing: true }),
    );
    return () => {
      live = false;
    };
  }, [numeric]);

  return (
    <section className="mo-page" data-testid="screen-moment">
      <div className="mo-column">
        <header className="mo-detail__bar">
          <Link to={paths.moments} className="mo-cover__back">
            ‹ {t('back')}
          </Link>
          <h1 className="mo-detail__title">{t('title')}</h1>
        </header>
        {state.moment ? (
          <MomentCard
            moment={state.moment}
            me={me}
            linkToDetail={false}
            onChange={(patch) =>
              patch ? setState((s) => ({ moment: { ...s.moment!, ...patch } })) : navigate(paths.moments)
            }
          />
        ) : state.missing ? (
          <Empty text={t('notFound')} />
        ) : (
          <div className="mo-status">
            <Spinner size={20} label={t('loading')} />
          </div>
        )}
      </div>
    </section>
  );
}
