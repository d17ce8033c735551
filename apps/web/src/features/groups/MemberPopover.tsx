import { useState, type ReactElement } from 'react';
import type { GroupMember } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '../../lib/i18n';
import { Popover } from '../../ui/Popover';
import { ProfileCard } from '../friends';

/**
 * The member profile popup of the group panel: the member's place in the group (group nickname,
 * role, how and when they joined, muted until) above their profile card, whose friend application
 * names the group (source 5).
 */
export function MemberPopover({
  member,
  groupName,
  children,
}: {
  member: GroupMember;
  groupName: string;
  children: ReactElement;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      side="left"
      align="start"
      arrow={false}
      className="pcard-popover"
      content={() =>
        open ? (
          <div className="gp-member-card" data-testid="group-member-card">
            <MemberFacts member={member} />
            <ProfileCard wtId={member.wtId} groupName={groupName} onClose={() => setOpen(false)} />
          </div>
        ) : null
      }
    >
      {children}
    </Popover>
  );
}

function MemberFacts({ member }: { member: GroupMember }) {
  const { t } = useTranslation('groups');
  const fmt = useFormatTime();
  const role =
    member.identity === 3 ? t('panel.owner') : member.identity === 2 ? t('panel.admin') : t('member.member');
  const how =
    member.joinType === 0
      ? t('member.created')
      : member.joinType === 1
        ? t('member.scan')
        : member.joinType === 2
          ? t('member.invited', { name: member.inviterUserName || '?' })
          : t('member.search');
  const muted = member.muteUntil * 1000 > Date.now();
  const rows: Array<[string, string, string]> = [
    ['nickname', t('member.groupNickname'), member.groupNickname || t('panel.unset')],
    ['role', t('member.role'), role],
    ['joined', t('member.joined'), `${fmt(member.createTime, true)} ${how}`],
  ];
  if (muted) rows.push(['muted', t('member.mutedUntil'), fmt(member.muteUntil * 1000, true)]);
  return (
    <dl className="gp-member-facts">
      {rows.map(([key, label, value]) => (
        <div key={key} className="gp-member-facts__row" data-testid={`group-member-${key}`}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
