import type { FriendItem } from '@parley/protocol';
import type { PickerItem } from '../people-picker';

/** Friends as people-picker candidates (remark and nickname searchable, '官方' for official accounts). */
export function toPickerItems(
  friends: readonly FriendItem[],
  disabledIds?: ReadonlySet<string>,
): PickerItem[] {
  return friends.map((f) => ({
    id: f.wtId,
    name: f.nickName,
    remark: f.remark || undefined,
    avatar: f.avatar,
    official: f.isOfficial === 1,
    disabled: disabledIds?.has(f.wtId) || undefined,
  }));
}
