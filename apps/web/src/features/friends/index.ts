/** Public surface of the friends feature, for other features (contacts, profile, messages, groups, calls). */
export { AddFriendDialog } from './AddFriendDialog';
export { friendsApi } from './api';
export { friendDialogs } from './dialogs-store';
export { failToast } from './errors';
export { PlusMenu } from './PlusMenu';
export { FriendsRoot } from './FriendsRoot';
export { useHandleApply, useTagOp } from './mutations';
export { notificationPermission, requestNotificationPermission, type NotifyPermission } from './notify';
export { ProfileAvatar, ProfilePopover, type ProfileAvatarProps } from './ProfileAvatar';
export { ProfileCard, profileVariant } from './ProfileCard';
export { CommonGroupsSlot, RecommendSlot } from './profile-slots';
export {
  useApplications,
  useBlacklist,
  useFriends,
  useFriend,
  useFriendInfo,
  useTags,
  useTagUsers,
  useUserConfig,
} from './queries';
export { isSystemSender, chatPath, c2cConversationId } from './system';
export { toPickerItems } from './picker-items';
