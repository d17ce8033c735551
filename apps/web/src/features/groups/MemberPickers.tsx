import type { GroupInfo } from '@parley/protocol';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { toast } from '../../ui/toast-store';
import { friendsApi } from '../friends';
import { PeoplePickerDialog, type PickerItem } from '../people-picker';
import { useGroupAction } from './actions';
import { groupKeys } from './keys';
import { useInviteCandidates } from './queries';

/**
 * The invite picker (friends, those already in marked; a wtId or phone typed in finds anyone else,
 * who gets a join invitation to accept) and the remove picker (members the caller outranks).
 */
export function MemberPickers({
  group,
  which,
  onClose,
}: {
  group: GroupInfo;
  which: 'invite' | 'remove' | null;
  onClose(): void;
}) {
  const { t } = useTranslation('groups');
  const run = useGroupAction();
  const n = group.groupNumber;
  const invite = useInviteCandidates(n, which === 'invite');
  const [lookFor, setLookFor] = useState('');
  const stranger = useQuery({
    queryKey: ['users', 'search', lookFor],
    queryFn: () => friendsApi.search(lookFor).catch(() => null),
    enabled: which === 'invite' && lookFor !== '',
    staleTime: 30_000,
  });
  const removable = useQuery({
    queryKey: [...groupKeys.membersAll(n), 'removable'],
    queryFn: () => call('groups', 'candidatesRemove', { groupNumber: n }),
    enabled: which === 'remove',
  });
  const inviteItems: PickerItem[] = (invite.data ?? []).map((c) => ({
    id: c.wtId,
    name: c.nickname,
    avatar: c.avatar,
    disabled: c.inGroup === 1 || undefined,
    disabledReason: c.inGroup === 1 ? 'inGroup' : undefined,
  }));
  const found: PickerItem[] =
    lookFor && stranger.data
      ? [
          inviteItems.find((i) => i.id === stranger.data?.wtId) ?? {
            id: stranger.data.wtId,
            name: stranger.data.nickName,
            avatar: stranger.data.avatar,
          },
        ]
      : [];
  const removeItems: PickerItem[] = (removable.data ?? []).map((m) => ({
    id: m.wtId,
    name: m.groupNickname || m.nickname,
    avatar: m.avatar,
    role: m.identity === 2 ? 'admin' : undefined,
  }));
  return (
    <>
      <PeoplePickerDialog
        open={which === 'invite'}
        title={t('panel.inviteTitle')}
        items={inviteItems}
        found={found}
        onKeywordChange={setLookFor}
        searchPlaceholder={t('panel.inviteSearch')}
        type="friend"
        loading={invite.isLoading}
        onCancel={onClose}
        onConfirm={async (sel) => {
          const out = await run(
            n,
            () => call('groups', 'invite', { groupNumber: n, wtIds: sel.map((s) => s.id) }, { silent: true }),
            { fail: t('panel.inviteFailed') },
          );
          if (out)
            toast.success(
              out.pending.length
                ? t('panel.pendingInvite')
                : out.invited.length && !out.joined.length
                  ? t('panel.consentInvite')
                  : t('panel.invited'),
            );
          onClose();
        }}
      />
      <PeoplePickerDialog
        open={which === 'remove'}
        title={t('panel.removeTitle')}
        items={removeItems}
        type="member"
        loading={removable.isLoading}
        onCancel={onClose}
        onConfirm={async (sel) => {
          await run(
            n,
            () =>
              call(
                'groups',
                'removeMembers',
                { groupNumber: n, wtIds: sel.map((s) => s.id) },
                { silent: true },
              ),
            { ok: t('panel.removed'), fail: t('panel.removeFailed') },
          );
          onClose();
        }}
      />
    </>
  );
}
