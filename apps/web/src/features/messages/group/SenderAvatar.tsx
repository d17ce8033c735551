import type { GroupMember } from '@parley/protocol';
import { Avatar } from '../../../ui/Avatar';
import { ProfileAvatar } from '../../friends';
import { MemberPopover } from '../../groups';

/**
 * Another member's avatar beside their bubble: it opens the group member popup (group nickname,
 * role, joined, mute, then the profile card) when the member is among the loaded members, else the
 * person's profile popup. System senders open nothing (ProfileAvatar).
 */
export function SenderAvatar({
  wtId,
  name,
  avatar,
  member,
  groupName,
}: {
  wtId: string;
  name: string;
  avatar: string;
  member?: GroupMember;
  groupName: string;
}) {
  if (!member) return <ProfileAvatar wtId={wtId} name={name} avatar={avatar} size={36} side="right" />;
  return (
    <MemberPopover member={member} groupName={groupName}>
      <button
        type="button"
        className="profile-avatar"
        aria-label={name}
        data-testid="profile-avatar"
        data-wtid={wtId}
      >
        <Avatar src={avatar || member.avatar} name={name} size={36} />
      </button>
    </MemberPopover>
  );
}
