import type { GroupInvitation } from '@parley/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { useFormatTime } from '../../lib/i18n';
import { Avatar } from '../../ui/Avatar';
import { Empty } from '../../ui/Empty';
import { toast } from '../../ui/toast-store';
import { useGroupAction } from './actions';
import { groupKeys } from './keys';

/**
 * Join invitations from people who are not the user's friends: the user accepts (joins, or waits for
 * a manager when the group wants approval) or declines each, as WeChat asks before a stranger puts
 * someone in a group.
 */
export function InvitationList({ rows }: { rows: readonly GroupInvitation[] }) {
  const { t } = useTranslation('groups');
  const fmt = useFormatTime();
  const run = useGroupAction();
  const qc = useQueryClient();
  const answer = async (inv: GroupInvitation, status: 1 | 2) => {
    const done = await run(
      status === 1 ? inv.groupNumber : null,
      () => call('groupInvitations', 'handle', { id: inv.id, status }, { silent: true }),
      { fail: t('apply.failed') },
    );
    if (!done) return;
    const ok =
      done.outcome === 'joined'
        ? t('invitation.joined', { group: inv.groupName })
        : done.outcome === 'pending'
          ? t('invitation.pending')
          : t('invitation.declined');
    toast.success(ok);
    void qc.invalidateQueries({ queryKey: groupKeys.invitations() });
  };
  if (rows.length === 0) return <Empty text={t('invitation.empty')} />;
  return (
    <ul className="gp-list" data-testid="group-invitations">
      {rows.map((inv) => (
        <li key={inv.id} className="gp-apply" data-testid={`group-invitation-${inv.groupNumber}`}>
          <Avatar src={inv.groupAvatar} name={inv.groupName} size={40} decorative shape="rounded" />
          <div className="gp-apply__text">
            <strong>{inv.groupName}</strong>
            <span>{t('invitation.from', { inviter: inv.inviterName || inv.inviterWtId })}</span>
            <span className="gp-note">{fmt(inv.createTime)}</span>
          </div>
          <span className="gp-apply__actions">
            <button
              type="button"
              className="btn"
              onClick={() => void answer(inv, 2)}
              aria-label={t('invitation.declineLabel', { group: inv.groupName })}
              data-testid={`group-invitation-decline-${inv.groupNumber}`}
            >
              {t('invitation.decline')}
            </button>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => void answer(inv, 1)}
              aria-label={t('invitation.acceptLabel', { group: inv.groupName })}
              data-testid={`group-invitation-accept-${inv.groupNumber}`}
            >
              {t('invitation.accept')}
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}
