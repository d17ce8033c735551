/** Public surface of the friends feature, for other screens (messages, groups, calls). */
export { AddFriendDialog } from './AddFriendDialog';
export { friendDialogs } from './dialogs-store';
export { FriendsRoot } from './FriendsRoot';
export { ProfileAvatar, ProfilePopover, type ProfileAvatarProps } from './ProfileAvatar';
export { ProfileCard, profileVariant } from './ProfileCard';
export { useFriends, useFriend, useFriendInfo, useTags, useUserConfig } from './queries';
export { isSystemSender, chatPath, c2cConversationId } from './system';
export { toPickerItems } from './picker-items';
