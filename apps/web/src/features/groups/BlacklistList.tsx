import { useState } from 'react';
import type { GroupInfo, GroupMember } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { Avatar } from '../../ui/Avatar';
import { confirm } from '../../ui/confirm';
import { PeoplePickerDialog } from '../people-picker';
import { useGroupAction } from './actions';
import { useGroupBlacklist } from './queries';

/** 群黑名单: blocked users with 移出, and an entry to block members (they leave the group). */
export function BlacklistList({
  group,
  candidates,
}: {
  group: GroupInfo;
  candidates: readonly GroupMember[];
}) {
  const { t } = useTranslation('groups');
  const run = useGroupAction();
  const n = group.groupNumber;
  const list = useGroupBlacklist(n);
  const [adding, setAdding] = useState(false);
  const texts = { ok: t('manage.saved'), fail: t('manage.saveFailed') };
  return (
    <div className="gp-black" data-testid="group-black-list">
      <ul className="gp-list">
        {(list.data?.rows ?? []).map((b) => (
          <li key={b.wtId} className="gp-list__item" data-testid={`group-black-${b.wtId}`}>
            <Avatar src={b.avatar} name={b.nickname} size={36} decorative />
            <span className="gp-list__name">{b.nickname}</span>
            <button
              type="button"
              className="btn btn--ghost"
              data-testid={`group-unblock-${b.wtId}`}
              onClick={() =>
                void run(
                  n,
                  () => call('groups', 'blackRemove', { groupNumber: n, wtIds: [b.wtId] }, { silent: true }),
                  texts,
                )
              }
            >
              {t('manage.unblock')}
            </button>
          </li>
        ))}
      </ul>
      {list.data?.rows.length === 0 && <p className="gp-note">{t('manage.blackEmpty')}</p>}
      <button type="button" className="btn" onClick={() => setAdding(true)} data-testid="group-black-add">
        {t('manage.blackAdd')}
      </button>
      <PeoplePickerDialog
        open={adding}
        title={t('manage.blacklist')}
        items={candidates.map((m) => ({ id: m.wtId, name: m.groupNickname || m.nickname, avatar: m.avatar }))}
        type="member"
        onCancel={() => setAdding(false)}
        onConfirm={async (sel) => {
          setAdding(false);
          const ok = await confirm({
            title: t('manage.blacklist'),
            message: t('manage.blackConfirm', { count: sel.length }),
            danger: true,
          });
          if (!ok) return;
          await run(
            n,
            () =>
              call('groups', 'blackAdd', { groupNumber: n, wtIds: sel.map((s) => s.id) }, { silent: true }),
            texts,
          );
        }}
      />
    </div>
  );
}
