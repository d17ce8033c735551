import type { GroupMember } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar';
import { MemberPopover } from './MemberPopover';

const PREVIEW = 8;

/** The member grid: owner/admin tags, the 8-member preview (or everyone when expanded), invite and remove slots. */
export function MemberGrid({
  members,
  groupName,
  expanded,
  canInvite,
  canRemove,
  onInvite,
  onRemove,
}: {
  members: readonly GroupMember[];
  groupName: string;
  expanded: boolean;
  canInvite: boolean;
  canRemove: boolean;
  onInvite(): void;
  onRemove(): void;
}) {
  const { t } = useTranslation('groups');
  const shown = expanded ? members : members.slice(0, PREVIEW);
  return (
    <ul className="gp-grid" data-testid="group-member-grid">
      {shown.map((m) => (
        <li key={m.wtId} className="gp-grid__cell" data-testid={`group-member-${m.wtId}`}>
          <MemberPopover member={m} groupName={groupName}>
            <button
              type="button"
              className="gp-member"
              aria-label={m.groupNickname || m.nickname}
              data-testid="group-member-open"
            >
              <Avatar src={m.avatar} name={m.nickname} size={40} decorative />
            </button>
          </MemberPopover>
          <span className="gp-grid__name">{m.groupNickname || m.nickname}</span>
          {m.identity === 3 && <span className="gp-tag gp-tag--owner">{t('panel.owner')}</span>}
          {m.identity === 2 && <span className="gp-tag">{t('panel.admin')}</span>}
        </li>
      ))}
      {canInvite && (
        <li className="gp-grid__cell">
          <button
            type="button"
            className="gp-slot"
            onClick={onInvite}
            aria-label={t('panel.invite')}
            data-testid="group-invite"
          >
            +
          </button>
          <span className="gp-grid__name">{t('panel.invite')}</span>
        </li>
      )}
      {canRemove && (
        <li className="gp-grid__cell">
          <button
            type="button"
            className="gp-slot"
            onClick={onRemove}
            aria-label={t('panel.remove')}
            data-testid="group-remove"
          >
            −
          </button>
          <span className="gp-grid__name">{t('panel.remove')}</span>
        </li>
      )}
    </ul>
  );
}
