import { useState } from 'react';
import type { GroupInfo, GroupMember } from '@parley/protocol';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { confirm } from '../../ui/confirm';
import { Modal } from '../../ui/Modal';
import { PeoplePickerDialog, type PickerItem } from '../people-picker';
import { useGroupAction } from './actions';
import { BlacklistList } from './BlacklistList';
import { groupKeys } from './keys';
import { useGroupMembers } from './queries';

export type ManagePicker = 'admins' | 'mute' | 'black' | 'transfer';

const MUTE_SECONDS = { m10: 600, h1: 3600, h12: 43200, d1: 86400 } as const;

const asItem = (m: GroupMember): PickerItem => ({
  id: m.wtId,
  name: m.groupNickname || m.nickname,
  avatar: m.avatar,
  role: m.identity === 3 ? 'owner' : m.identity === 2 ? 'admin' : undefined,
});

/** The pickers of 群管理: admins (only the difference is applied), mutes, blacklist, transfer. */
export function ManagePickers({
  group,
  which,
  onClose,
  maxAdmins,
}: {
  group: GroupInfo;
  which: ManagePicker | null;
  onClose(): void;
  maxAdmins: number;
}) {
  const { t } = useTranslation('groups');
  const run = useGroupAction();
  const n = group.groupNumber;
  const me = group.selfMember.userId;
  const members = useGroupMembers(n, '', which === 'admins' || which === 'transfer');
  const outranked = useQuery({
    queryKey: [...groupKeys.membersAll(n), 'removable'],
    queryFn: () => call('groups', 'candidatesRemove', { groupNumber: n }),
    enabled: which === 'mute' || which === 'black',
  });
  const [muting, setMuting] = useState<string[] | null>(null);
  const [duration, setDuration] = useState<keyof typeof MUTE_SECONDS>('m10');
  const others = (members.data?.rows ?? []).filter((m) => m.wtId !== me);
  const admins = others.filter((m) => m.identity === 2);

  const setAdmins = async (sel: PickerItem[]) => {
    const chosen = new Set(sel.map((s) => s.id));
    const add = others.filter((m) => m.identity === 1 && chosen.has(m.wtId)).map((m) => m.wtId);
    const drop = admins.filter((m) => !chosen.has(m.wtId)).map((m) => m.wtId);
    const texts = { ok: t('manage.saved'), fail: t('manage.saveFailed') };
    if (drop.length)
      await run(
        n,
        () => call('groups', 'setAdmins', { groupNumber: n, wtIds: drop, identity: 1 }, { silent: true }),
        texts,
      );
    if (add.length)
      await run(
        n,
        () => call('groups', 'setAdmins', { groupNumber: n, wtIds: add, identity: 2 }, { silent: true }),
        texts,
      );
    onClose();
  };

  const transfer = async (sel: PickerItem[]) => {
    const to = sel[0];
    if (!to) return;
    const ok = await confirm({
      title: t('manage.transferTitle'),
      message: t('manage.transferConfirm', { nick: to.name }),
      confirmText: t('manage.ok'),
      cancelText: t('manage.cancel'),
    });
    if (!ok) return;
    await run(n, () => call('groups', 'transfer', { groupNumber: n, wtId: to.id }, { silent: true }), {
      ok: t('manage.transferred'),
      fail: t('manage.saveFailed'),
    });
    onClose();
  };

  return (
    <>
      <PeoplePickerDialog
        open={which === 'admins'}
        title={t('manage.setAdmins')}
        items={others.map(asItem)}
        initialSelected={admins.map(asItem)}
        max={maxAdmins}
        maxMessage={t('manage.adminsCount', { count: maxAdmins })}
        type="member"
        loading={members.isLoading}
        onCancel={onClose}
        onConfirm={(sel) => void setAdmins(sel)}
      />
      <PeoplePickerDialog
        open={which === 'transfer'}
        title={t('manage.transferTitle')}
        items={others.map(asItem)}
        mode="radio"
        type="member"
        loading={members.isLoading}
        onCancel={onClose}
        onConfirm={(sel) => void transfer(sel)}
      />
      <PeoplePickerDialog
        open={which === 'mute' && muting === null}
        title={t('manage.mutes')}
        items={(outranked.data ?? []).map(asItem)}
        type="member"
        loading={outranked.isLoading}
        onCancel={onClose}
        onConfirm={(sel) => setMuting(sel.map((s) => s.id))}
      />
      <Modal
        open={muting !== null}
        onOpenChange={(v) => !v && (setMuting(null), onClose())}
        title={t('manage.muteTime')}
        width={320}
        footer={
          <button
            type="button"
            className="btn btn--primary"
            data-testid="group-mute-confirm"
            onClick={async () => {
              const wtIds = muting ?? [];
              setMuting(null);
              onClose();
              await run(
                n,
                () =>
                  call(
                    'groups',
                    'mute',
                    { groupNumber: n, wtIds, muteTime: MUTE_SECONDS[duration] },
                    { silent: true },
                  ),
                { ok: t('manage.saved'), fail: t('manage.saveFailed') },
              );
            }}
          >
            {t('manage.mute')}
          </button>
        }
      >
        <div className="gp-radios" role="radiogroup">
          {(Object.keys(MUTE_SECONDS) as Array<keyof typeof MUTE_SECONDS>).map((k) => (
            <label key={k} className="gp-radio">
              <input type="radio" name="mute" checked={duration === k} onChange={() => setDuration(k)} />
              {t(`manage.muteOptions.${k}`)}
            </label>
          ))}
        </div>
      </Modal>
      <Modal
        open={which === 'black'}
        onOpenChange={(v) => !v && onClose()}
        title={t('manage.blacklist')}
        width={360}
      >
        {which === 'black' && <BlacklistList group={group} candidates={outranked.data ?? []} />}
      </Modal>
    </>
  );
}
