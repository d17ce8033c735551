/**
 * Group-call entries of the group chat: the header's voice/video buttons with the invite picker,
 * the join banner with the hook that follows the group's call, and the tips a call's changes give.
 */
export { GroupCallButtons, type GroupCallButtonsProps } from './GroupCallButtons';
export { InvitePicker, type InvitePickerProps } from './InvitePicker';
export { JoinBanner, type JoinBannerProps } from './JoinBanner';
export { useGroupCallInfo, groupCallKey } from './useGroupCallInfo';
export { groupCallTip, groupCallTips, type GroupCallTip } from './group-tips';
