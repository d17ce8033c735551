import { useState } from 'react';
import type { GroupApplication } from '@parley/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { Avatar } from '../../ui/Avatar';
import { useGroupAction } from './actions';
import { groupKeys } from './keys';

const FADE_MS = 150;

/**
 * Join applications the caller can handle: the count banner and Agree/Reject, which fades the item
 * out and drops the count (`onEmpty` once nothing is pending).
 */
export function ApplyList({ rows, onEmpty }: { rows: readonly GroupApplication[]; onEmpty?(): void }) {
  const { t } = useTranslation('groups');
  const run = useGroupAction();
  const qc = useQueryClient();
  const [leaving, setLeaving] = useState<Set<number>>(new Set());
  const pending = rows.filter((r) => r.status === 0 && !leaving.has(r.id));
  const handle = async (app: GroupApplication, auditStatus: 1 | 2) => {
    const done = await run(
      app.groupNumber,
      () => call('groups', 'audit', { id: app.id, auditStatus }, { silent: true }),
      {
        ok: t('apply.handled'),
        fail: t('apply.failed'),
      },
    );
    if (!done) return;
    setLeaving((s) => new Set(s).add(app.id));
    window.setTimeout(() => {
      void qc.invalidateQueries({ queryKey: groupKeys.joinApplies() });
      if (pending.length <= 1) onEmpty?.();
    }, FADE_MS);
  };
  return (
    <div className="gp-applies" data-testid="group-applies">
      {pending.length > 0 && (
        <p className="gp-banner" data-testid="group-applies-banner">
          {t('apply.banner', { count: pending.length })}
        </p>
      )}
      <ul className="gp-list">
        {rows.map((a) => (
          <li
            key={a.id}
            className={`gp-apply${leaving.has(a.id) ? ' gp-apply--leaving' : ''}`}
            data-testid={`group-apply-${a.userID}`}
          >
            <Avatar src={a.avatar} name={a.nickname} size={40} decorative />
            <div className="gp-apply__text">
              <strong>{a.nickname}</strong>
              <span>
                {a.applicationType === '0'
                  ? t('apply.wants', { group: a.groupName })
                  : t('apply.invitedBy', { inviter: a.applicationType, group: a.groupName })}
              </span>
              {a.applyMessage && <span className="gp-note">{a.applyMessage}</span>}
            </div>
            {a.status === 0 && !leaving.has(a.id) ? (
              <span className="gp-apply__actions">
                <button
                  type="button"
                  className="btn"
                  onClick={() => void handle(a, 2)}
                  data-testid={`group-reject-${a.userID}`}
                >
                  {t('apply.reject')}
                </button>
                <button
                  type="button"
                  className="btn btn--primary"
                  onClick={() => void handle(a, 1)}
                  data-testid={`group-agree-${a.userID}`}
                >
                  {t('apply.agree')}
                </button>
              </span>
            ) : (
              <span className="gp-note">
                {a.status === 1 ? t('apply.agreed') : a.status === 2 ? t('apply.rejected') : ''}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
