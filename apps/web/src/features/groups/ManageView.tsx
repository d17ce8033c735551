import { useState } from 'react';
import { Limits, type GroupInfo } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { useGroupAction } from './actions';
import { JoinLimitRow } from './JoinLimitRow';
import { ManagePickers, type ManagePicker } from './ManagePickers';
import { MuteList } from './MuteList';
import { LinkRow } from './LinkRow';

type Switch = 0 | 1 | 2;

/** 群管理: admins n/20, mute all, member mutes, blacklist, invite/approval switches, protection, 入群限制, transfer. */
export function ManageView({ group }: { group: GroupInfo }) {
  const { t } = useTranslation('groups');
  const run = useGroupAction();
  const [picker, setPicker] = useState<ManagePicker | null>(null);
  const n = group.groupNumber;
  const owner = group.can.own;
  const admins = group.groupchatMemberList.filter((m) => m.identity === 2).length;
  const edit = (body: Omit<Parameters<typeof call<'groups', 'edit'>>[2], 'groupNumber'>) =>
    run(n, () => call('groups', 'edit', { groupNumber: n, ...body }, { silent: true }), {
      ok: t('manage.saved'),
      fail: t('manage.saveFailed'),
    });
  const options = (key: 'inviteOptions' | 'joinOptions') =>
    [
      [0, t(`manage.${key}.free`)],
      [1, t(`manage.${key}.approval`)],
      [2, t(`manage.${key}.off`)],
    ] as const;

  return (
    <div className="gp-panel__body" data-testid="group-manage-view">
      {owner && (
        <LinkRow label={t('manage.admins')} onClick={() => setPicker('admins')} testId="group-admins">
          <span className="gp-row__value" data-testid="group-admins-count">
            {t('manage.adminsCount', { count: admins })}
          </span>
        </LinkRow>
      )}
      <label className="gp-row gp-row--switch">
        <span className="gp-row__label">{t('manage.muteAll')}</span>
        <input
          type="checkbox"
          checked={group.bannedSwitch === 1}
          onChange={(e) => void edit({ bannedSwitch: e.target.checked ? 1 : 0 })}
          data-testid="group-mute-all"
        />
      </label>
      <p className="gp-note">{t('manage.muteAllNote')}</p>
      <MuteList group={group} onAdd={() => setPicker('mute')} />
      <LinkRow label={t('manage.blacklist')} onClick={() => setPicker('black')} testId="group-blacklist" />
      {(['invite', 'join'] as const).map((which) => (
        <label key={which} className="gp-row gp-row--block">
          <span className="gp-row__label">{t(`manage.${which}`)}</span>
          <select
            className="input"
            value={which === 'invite' ? group.inviteSwitch : group.confirminviteSwitch}
            data-testid={`group-${which}-switch`}
            onChange={(e) => {
              const v = Number(e.target.value) as Switch;
              void edit(which === 'invite' ? { inviteSwitch: v } : { confirminviteSwitch: v });
            }}
          >
            {options(which === 'invite' ? 'inviteOptions' : 'joinOptions').map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </select>
        </label>
      ))}
      <label className="gp-row gp-row--switch">
        <span className="gp-row__label">{t('manage.protect')}</span>
        <input
          type="checkbox"
          checked={group.memberProtectSwitch === 1}
          onChange={(e) => void edit({ memberProtectSwitch: e.target.checked ? 1 : 0 })}
          data-testid="group-protect"
        />
      </label>
      <p className="gp-note">{t('manage.protectNote')}</p>
      <JoinLimitRow group={group} />
      {owner && (
        <LinkRow label={t('manage.transfer')} onClick={() => setPicker('transfer')} testId="group-transfer" />
      )}
      <ManagePickers group={group} which={picker} onClose={() => setPicker(null)} maxAdmins={Limits.admins} />
    </div>
  );
}
