import { useState, type ReactElement } from 'react';
import { Avatar } from '../../ui/Avatar';
import { Popover } from '../../ui/Popover';
import { ProfileCard } from './ProfileCard';
import { isSystemSender } from './system';

/** Opens the profile popup of `wtId` from any trigger element (a button). */
export function ProfilePopover({
  wtId,
  children,
  side = 'right',
  groupName,
}: {
  wtId: string;
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Opened from this group's members (friend applications say so). */
  groupName?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      side={side}
      align="start"
      arrow={false}
      className="pcard-popover"
      content={() =>
        open ? <ProfileCard wtId={wtId} groupName={groupName} onClose={() => setOpen(false)} /> : null
      }
    >
      {children}
    </Popover>
  );
}

export interface ProfileAvatarProps {
  wtId: string;
  name?: string;
  avatar?: string;
  size?: number;
  shape?: 'circle' | 'rounded';
  side?: 'top' | 'right' | 'bottom' | 'left';
}

/**
 * An avatar that opens the person's profile popup (user, contact or blacklisted user).
 * System senders' avatars open nothing.
 */
export function ProfileAvatar({ wtId, name, avatar, size, shape, side }: ProfileAvatarProps) {
  if (isSystemSender(wtId)) return <Avatar src={avatar} name={name} size={size} shape={shape} />;
  return (
    <ProfilePopover wtId={wtId} side={side}>
      <button
        type="button"
        className="profile-avatar"
        aria-label={name}
        data-testid="profile-avatar"
        data-wtid={wtId}
      >
        <Avatar src={avatar} name={name} size={size} shape={shape} />
      </button>
    </ProfilePopover>
  );
}
