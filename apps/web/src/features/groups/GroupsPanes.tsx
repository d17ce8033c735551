import { useEffect, useState } from 'react';
import type { Counters } from '@parley/protocol';
import { useCounters } from '../../lib/useCounters';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '../../lib/i18n';
import { Avatar } from '../../ui/Avatar';
import { Empty } from '../../ui/Empty';
import type { GroupInfo } from '@parley/protocol';
import { ApplyList } from './ApplyList';
import { JoinById } from './JoinById';
import { InvitationList } from './InvitationList';
import { useGroupInvitations, useGroupNotices, useJoinApplies, useMyApplies, useMyGroups } from './queries';
import { groupDialogs } from './store';

/** Contacts 群聊: the user's groups; a click opens the group's panel. */
export function GroupListBody() {
  const { t } = useTranslation('groups');
  const groups = useMyGroups();
  const rows = groups.data ?? [];
  return (
    <>
      <JoinById />
      {groups.isSuccess && rows.length === 0 ? <Empty text={t('list.empty')} /> : <GroupRows rows={rows} />}
    </>
  );
}

function GroupRows({ rows }: { rows: GroupInfo[] }) {
  const { t } = useTranslation('groups');
  return (
    <ul className="gp-list gp-groups" data-testid="group-list">
      {rows.map((g) => (
        <li key={g.groupNumber}>
          <button
            type="button"
            className="gp-list__item gp-list__item--button"
            onClick={() => groupDialogs.openPanel(g.groupNumber)}
            data-testid={`group-row-${g.groupNumber}`}
          >
            <Avatar src={g.avatar} name={g.name} size={40} decorative shape="rounded" />
            <span className="gp-list__name">{g.selfMember.groupNameRemark || g.name}</span>
            <span className="gp-note">{t('panel.members', { count: g.memberCount })}</span>
          </button>
        </li>
      ))}
      {rows.length > 0 && (
        <li className="gp-note gp-groups__count">{t('list.count', { count: rows.length })}</li>
      )}
    </ul>
  );
}

type Tab = 'received' | 'mine' | 'invitations' | 'others';

/** Contacts 群通知: applications to groups I manage, my own applications, and notices about my groups. */
/** The first notices tab with unread items (received, mine, others), else 'received'. */
export function unreadTab(c: Pick<Counters, 'joinApplyUnRead' | 'selfApplyUnRead' | 'otherUnRead'>): Tab {
  if (c.joinApplyUnRead > 0) return 'received';
  if (c.selfApplyUnRead > 0) return 'mine';
  if (c.otherUnRead > 0) return 'others';
  return 'received';
}

export function GroupNoticesBody() {
  const { t } = useTranslation('groups');
  const fmt = useFormatTime();
  // Opens on the tab holding the unread items the 群通知 badge counts (chosen once: reading them
  // clears the count), until the user picks one.
  const counters = useCounters();
  const [picked, setTab] = useState<Tab | null>(null);
  const [auto, setAuto] = useState<Tab | null>(null);
  const waiting = counters.joinApplyUnRead + counters.selfApplyUnRead + counters.otherUnRead > 0;
  useEffect(() => {
    if (auto === null && waiting) setAuto(unreadTab(counters));
  }, [auto, waiting, counters]);
  const tab = picked ?? auto ?? 'received';
  const received = useJoinApplies(tab === 'received');
  const mine = useMyApplies(tab === 'mine');
  const others = useGroupNotices(tab === 'others');
  const invitations = useGroupInvitations(tab === 'invitations');
  return (
    <div className="gp-notices">
      <div className="gp-tabs" role="tablist">
        {(['received', 'mine', 'invitations', 'others'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={`gp-tab${tab === k ? ' gp-tab--on' : ''}`}
            onClick={() => setTab(k)}
            data-testid={`group-notices-${k}`}
          >
            {t(`apply.${k}`)}
          </button>
        ))}
      </div>
      {tab === 'received' &&
        (received.data?.rows.length ? (
          <ApplyList rows={received.data.rows} />
        ) : (
          <Empty text={t('apply.empty')} />
        ))}
      {tab === 'mine' && (
        <ul className="gp-list">
          {(mine.data?.rows ?? []).map((a) => (
            <li key={a.id} className="gp-list__item">
              <Avatar src={a.groupAvatar} name={a.groupName} size={40} decorative shape="rounded" />
              <span className="gp-list__name">{a.groupName}</span>
              <span className="gp-note">
                {a.status === 0
                  ? t('apply.pending')
                  : a.status === 1
                    ? t('apply.agreed')
                    : t('apply.rejected')}
              </span>
            </li>
          ))}
          {mine.data?.rows.length === 0 && <Empty text={t('apply.empty')} />}
        </ul>
      )}
      {tab === 'invitations' && invitations.isSuccess && <InvitationList rows={invitations.data} />}
      {tab === 'others' && (
        <ul className="gp-list" data-testid="group-notice-list">
          {(others.data?.rows ?? []).map((n) => (
            <li key={n.id} className="gp-list__item">
              <Avatar src={n.groupAvatar} name={n.groupName} size={40} decorative shape="rounded" />
              <span className="gp-list__name">
                {t(`apply.kinds.${n.kind}`, {
                  op: n.operatorName,
                  group: n.groupName,
                  defaultValue: n.groupName,
                })}
              </span>
              <span className="gp-note">{fmt(n.createTime)}</span>
            </li>
          ))}
          {others.data?.rows.length === 0 && <Empty text={t('apply.empty')} />}
        </ul>
      )}
    </div>
  );
}
