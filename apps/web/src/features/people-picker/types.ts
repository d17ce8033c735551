/** One candidate of the people picker (friends, group members, conversations, call invitees). */
export interface PickerItem {
  /** userID / groupID / conversationID: unique within one picker. */
  id: string;
  /** Nickname (or group name). */
  name: string;
  /** Friend remark; preferred for display and searched together with the name. */
  remark?: string;
  avatar?: string;
  /** A group conversation: shown with the '[群聊]' marker. */
  isGroup?: boolean;
  /** The official helper account: shown with the '官方' tag. */
  official?: boolean;
  /** Group role label: 群主 / 管理员. */
  role?: 'owner' | 'admin';
  /** Cannot be (de)selected. */
  disabled?: boolean;
  /** Why a disabled row is disabled: shown as a marker ('已在群聊中', '已在通话中'). */
  disabledReason?: 'inGroup' | 'inCall';
}

/** The kind of thing picked; names the empty states ('{type}不存在' / '暂无{type}'). */
export type PickerType = 'friend' | 'member' | 'conversation' | 'user';

export type PickerMode = 'multi' | 'radio';

/** A row of the virtualized list. */
export type PickerRow =
  | { kind: 'header'; key: string; label: string }
  | { kind: 'item'; key: string; item: PickerItem }
  | { kind: 'more'; key: string };

export const displayName = (item: Pick<PickerItem, 'remark' | 'name' | 'id'>): string =>
  item.remark?.trim() || item.name?.trim() || item.id;
