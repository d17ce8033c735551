import type { GroupInfo } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { Avatar } from '../../ui/Avatar';
import { confirm } from '../../ui/confirm';
import { useGroupAction } from './actions';
import { useMutedMembers } from './queries';

/** 成员禁言: who is muted now, with 解除禁言 (confirmed) and an entry to mute more. */
export function MuteList({ group, onAdd }: { group: GroupInfo; onAdd(): void }) {
  const { t } = useTranslation('groups');
  const run = useGroupAction();
  const muted = useMutedMembers(group.groupNumber);
  const unmute = async (wtId: string) => {
    if (!(await confirm({ title: t('manage.unmute'), message: t('manage.unmuteConfirm') }))) return;
    await run(
      group.groupNumber,
      () =>
        call(
          'groups',
          'mute',
          { groupNumber: group.groupNumber, wtIds: [wtId], muteTime: 0 },
          { silent: true },
        ),
      { ok: t('manage.saved'), fail: t('manage.saveFailed') },
    );
  };
  return (
    <div className="gp-row gp-row--block">
      <button type="button" className="gp-row gp-row--link" onClick={onAdd} data-testid="group-mutes">
        <span className="gp-row__label">{t('manage.mutes')}</span>
        <span aria-hidden="true">+</span>
      </button>
      <ul className="gp-list" data-testid="group-muted-list">
        {(muted.data ?? []).map((m) => (
          <li key={m.wtId} className="gp-list__item" data-testid={`group-muted-${m.wtId}`}>
            <Avatar src={m.avatar} name={m.nickname} size={20} decorative />
            <span className="gp-list__name">{m.groupNickname || m.nickname}</span>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => void unmute(m.wtId)}
              data-testid={`group-unmute-${m.wtId}`}
            >
              {t('manage.unmute')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
