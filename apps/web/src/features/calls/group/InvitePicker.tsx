import { useMemo, useState } from 'react';
import { CallLimits } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { PeoplePickerDialog, type PickerItem } from '../../people-picker';
import { useInviteMembers } from './useInviteMembers';

export interface InvitePickerProps {
  open: boolean;
  /** 1 audio, 2 video: names the dialog. */
  mediaType: 1 | 2;
  groupID: string;
  /** People who cannot be picked (already on the call); the reader is not listed at all. */
  disabledIds: readonly string[];
  onCancel(): void;
  onDone(userIDList: string[]): void;
}

/**
 * Who to call in a group call: the group's members 30 a page ('View more' for the next), searched
 * by userID or nickname, at most 8 picked ('最多可邀请8人'); the people picker does the rest
 * (select-all, the selected list or phone strip, keyboard, Cancel and Done).
 */
export function InvitePicker({ open, mediaType, groupID, disabledIds, onCancel, onDone }: InvitePickerProps) {
  const { t } = useTranslation('calls');
  const me = useSession((s) => s.user?.wtId ?? '');
  const [keyword, setKeyword] = useState('');
  // A new opening starts without the last one's search.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) setKeyword('');
  }
  const list = useInviteMembers(groupID, keyword, open);
  const items = useMemo<PickerItem[]>(() => {
    const off = new Set(disabledIds);
    return list.members
      .filter((m) => m.wtId !== me)
      .map((m) => ({
        id: m.wtId,
        name: m.nickname,
        avatar: m.avatar,
        disabled: off.has(m.wtId) || undefined,
        disabledReason: off.has(m.wtId) ? 'inCall' : undefined,
      }));
  }, [list.members, disabledIds, me]);
  return (
    <PeoplePickerDialog
      open={open}
      title={t(mediaType === 2 ? 'groupCall.pickerTitle.video' : 'groupCall.pickerTitle.audio')}
      items={items}
      type="member"
      grouped={false}
      searchById
      searchPlaceholder={t('groupCall.searchUserId')}
      max={CallLimits.groupInviteMax}
      maxMessage={t('groupCall.inviteMax', { count: CallLimits.groupInviteMax })}
      loading={list.loading}
      hasMore={list.hasMore}
      onLoadMore={list.loadMore}
      loadingMore={list.loadingMore}
      onKeywordChange={setKeyword}
      onCancel={onCancel}
      onConfirm={(picked) => onDone(picked.map((p) => p.id))}
    />
  );
}
