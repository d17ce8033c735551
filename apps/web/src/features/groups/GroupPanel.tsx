import { useState } from 'react';
import { Limits, Ui, type GroupInfo } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { useDebounced } from '../../lib/useDebounced';
import { confirm } from '../../ui/confirm';
import { Avatar } from '../../ui/Avatar';
import { CloseIcon } from '../../ui/Modal';
import { SearchField } from '../../ui/SearchField';
import { useGroupAction } from './actions';
import { validateGroupName } from './CreateGroup';
import { ChatSettingsRows } from './ChatSettingsRows';
import { EditableRow } from './EditableRow';
import { GroupAvatarDialog } from './GroupAvatar';
import { ManageView } from './ManageView';
import { MemberGrid } from './MemberGrid';
import { MemberPickers } from './MemberPickers';
import { NoticeRow } from './NoticeRow';
import { QrDialog } from './QrDialog';
import { useGroupInfo, useGroupMembers, useJoinApplies } from './queries';
import { groupDialogs, useGroupUi } from './store';
import { LinkRow } from './LinkRow';
import { ReportForm } from '../reports';
import { useEscape } from '../../ui/useEscape';

/**
 * The group panel hosted by GroupsRoot over any screen (a group row of the contacts page): a 320 px
 * side panel that Escape closes. The chat window shows the same content in its own side column.
 */
export function GroupPanel() {
  const groupNumber = useGroupUi((s) => s.panel);
  useEscape(groupDialogs.closePanel, !!groupNumber);
  const info = useGroupInfo(groupNumber);
  if (!groupNumber) return null;
  return (
    <aside
      className="gp-panel"
      style={{ width: Ui.sidePanel }}
      data-testid="group-panel"
      aria-label={info.data?.name}
    >
      <GroupPanelContent groupNumber={groupNumber} onClose={groupDialogs.closePanel} />
    </aside>
  );
}

/** The panel's header and body for one group; `onClose` is the host's (close, back). */
export function GroupPanelContent({ groupNumber, onClose }: { groupNumber: string; onClose(): void }) {
  const info = useGroupInfo(groupNumber);
  return info.data ? (
    <PanelBody group={info.data} onClose={onClose} />
  ) : (
    <PanelHeader title="" onClose={onClose} />
  );
}

function PanelHeader({ title, onBack, onClose }: { title: string; onBack?(): void; onClose(): void }) {
  const { t } = useTranslation('groups');
  return (
    <header className="gp-panel__head">
      {onBack && (
        <button type="button" className="btn btn--ghost" onClick={onBack} data-testid="group-manage-back">
          {t('manage.back')}
        </button>
      )}
      <h2 className="gp-panel__title">{title}</h2>
      <button
        type="button"
        className="icon-btn"
        onClick={onClose}
        aria-label={t('panel.cancel')}
        data-testid="group-panel-close"
      >
        <CloseIcon />
      </button>
    </header>
  );
}

function PanelBody({ group, onClose }: { group: GroupInfo; onClose(): void }) {
  const { t } = useTranslation('groups');
  const run = useGroupAction();
  const [view, setView] = useState<'main' | 'manage' | 'report'>('main');
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState(false);
  const [picker, setPicker] = useState<'invite' | 'remove' | null>(null);
  const [qr, setQr] = useState(false);
  const [avatarOpen, setAvatarOpen] = useState(false);
  const kw = useDebounced(keyword.trim(), Ui.searchDebounce);
  const me = group.selfMember;
  // What the caller may do is the server's answer (group.can), never derived from identities here.
  const manager = group.can.manage;
  const canInvite = group.can.invite;
  const all = useGroupMembers(group.groupNumber, '', expanded);
  const found = useGroupMembers(group.groupNumber, kw, !!kw);
  const n = group.groupNumber;
  const save = (body: Omit<Parameters<typeof call<'groups', 'edit'>>[2], 'groupNumber'>) =>
    run(n, () => call('groups', 'edit', { groupNumber: n, ...body }, { silent: true }), {
      ok: t('panel.saved'),
      fail: t('panel.saveFailed'),
    });
  const saveSelf = (body: { groupNickname?: string; groupNameRemark?: string }) =>
    run(n, () => call('groups', 'editSelf', { groupNumber: n, ...body }, { silent: true }), {
      ok: t('panel.saved'),
      fail: t('panel.saveFailed'),
    });

  if (view === 'report') {
    return (
      <>
        <PanelHeader title={t('panel.report')} onBack={() => setView('main')} onClose={onClose} />
        <div className="gp-panel__body">
          <ReportForm target={{ type: 1, targetId: n }} onDone={() => setView('main')} />
        </div>
      </>
    );
  }
  // Someone who stops managing (transferred, demoted) leaves 群管理.
  if (view === 'manage' && manager) {
    return (
      <>
        <PanelHeader title={t('manage.title')} onBack={() => setView('main')} onClose={onClose} />
        <ManageView group={group} />
      </>
    );
  }

  const handleLeave = async () => {
    const owner = group.can.own;
    const ok = await confirm({
      title: owner ? t('panel.dissolve') : t('panel.leave'),
      message: owner ? t('panel.dissolveConfirm') : t('panel.leaveConfirm'),
      danger: true,
    });
    if (!ok) return;
    const done = await run(
      null,
      () => call('groups', owner ? 'dissolve' : 'quit', { groupNumber: n }, { silent: true }),
      owner
        ? { ok: t('panel.dissolved'), fail: t('panel.dissolveFailed') }
        : { ok: t('panel.left'), fail: t('panel.leaveFailed') },
    );
    if (done !== undefined) onClose();
  };

  return (
    <>
      <PanelHeader
        title={`${group.name}（${t('panel.members', { count: group.memberCount })}）`}
        onClose={onClose}
      />
      <div className="gp-panel__body">
        <SearchField
          value={keyword}
          onChange={setKeyword}
          label={t('panel.search')}
          clearLabel={t('panel.cancel')}
          testId="group-member-search"
        />
        {kw ? (
          found.data && found.data.rows.length === 0 ? (
            <p className="gp-note" data-testid="group-member-none">
              {t('panel.notFound')}
            </p>
          ) : (
            <MemberGrid
              groupName={group.name}
              members={found.data?.rows ?? []}
              expanded
              canInvite={false}
              canRemove={false}
              onInvite={() => {}}
              onRemove={() => {}}
            />
          )
        ) : (
          <>
            <MemberGrid
              groupName={group.name}
              members={expanded ? (all.data?.rows ?? group.groupchatMemberList) : group.groupchatMemberList}
              expanded={expanded}
              canInvite={canInvite}
              canRemove={manager}
              onInvite={() => setPicker('invite')}
              onRemove={() => setPicker('remove')}
            />
            {group.memberCount > 8 && (
              <button
                type="button"
                className="btn btn--ghost gp-expand"
                onClick={() => setExpanded((v) => !v)}
                data-testid="group-expand"
              >
                {expanded ? t('panel.collapse') : t('panel.expand')}
              </button>
            )}
          </>
        )}
        <EditableRow
          label={t('panel.name')}
          value={group.name}
          max={Limits.groupName}
          editable={manager}
          placeholder={t('create.namePlaceholder')}
          testId="group-name"
          clearLabel={t('panel.clearName')}
          validate={(v) => {
            const bad = validateGroupName(v);
            return bad ? t(`create.${bad}`) : null;
          }}
          onSave={(groupName) => save({ groupName })}
        />
        {manager ? (
          <LinkRow label={t('avatar.title')} onClick={() => setAvatarOpen(true)} testId="group-avatar">
            <Avatar src={group.avatar} name={group.name} size={36} shape="rounded" decorative />
          </LinkRow>
        ) : (
          <div className="gp-row gp-row--between" data-testid="group-avatar">
            <span className="gp-row__label">{t('avatar.title')}</span>
            <Avatar src={group.avatar} name={group.name} size={36} shape="rounded" decorative />
          </div>
        )}
        <div className="gp-row">
          <span className="gp-row__label">{t('panel.groupId')}</span>
          <span className="gp-row__value" data-testid="group-number">
            {n}
          </span>
          <button type="button" className="btn btn--ghost" onClick={() => setQr(true)} data-testid="group-qr">
            {t('panel.qr')}
          </button>
        </div>
        <NoticeRow group={group} editable={manager} onSave={(groupNotice) => save({ groupNotice })} />
        {manager && (
          <EditableRow
            label={t('panel.welcome')}
            value={group.groupWelcomeMsg}
            max={Limits.welcome}
            editable
            placeholder={t('panel.unset')}
            testId="group-welcome"
            onSave={(groupWelcomeMsg) =>
              run(
                n,
                () => call('groups', 'setWelcome', { groupNumber: n, groupWelcomeMsg }, { silent: true }),
                {
                  ok: t('manage.saved'),
                  fail: t('manage.saveFailed'),
                },
              )
            }
          />
        )}
        <EditableRow
          label={t('panel.nickname')}
          value={me.groupNickname}
          max={Limits.nickName}
          editable
          placeholder={t('panel.unset')}
          testId="group-self-nickname"
          onSave={(groupNickname) => saveSelf({ groupNickname })}
        />
        <EditableRow
          label={t('panel.remark')}
          value={me.groupNameRemark}
          max={Limits.remark}
          editable
          placeholder={t('panel.unset')}
          testId="group-self-remark"
          onSave={(groupNameRemark) => saveSelf({ groupNameRemark })}
        />
        {manager && <ApplyEntry groupNumber={n} />}
        {manager && (
          <LinkRow label={t('panel.manage')} onClick={() => setView('manage')} testId="group-manage" />
        )}
        <label className="gp-row gp-row--switch">
          <span className="gp-row__label">{t('panel.pin')}</span>
          <input
            type="checkbox"
            checked={me.topStatus === 1}
            data-testid="group-pin"
            onChange={(e) =>
              void run(
                n,
                () =>
                  call(
                    'groups',
                    'setTop',
                    { groupNumber: n, topStatus: e.target.checked ? 1 : 0 },
                    { silent: true },
                  ),
                {
                  fail: t('panel.saveFailed'),
                },
              )
            }
          />
        </label>
        <ChatSettingsRows conversationID={`GROUP${n}`} />
        <LinkRow label={t('panel.report')} onClick={() => setView('report')} testId="group-report-open" />
        <button
          type="button"
          className="btn btn--danger gp-leave"
          onClick={() => void handleLeave()}
          data-testid="group-leave"
        >
          {group.can.own ? t('panel.dissolve') : t('panel.leave')}
        </button>
      </div>
      <MemberPickers group={group} which={picker} onClose={() => setPicker(null)} />
      <QrDialog open={qr} onClose={() => setQr(false)} group={group} />
      {manager && <GroupAvatarDialog group={group} open={avatarOpen} onClose={() => setAvatarOpen(false)} />}
    </>
  );
}

/** Managers: the pending join applications of this group, opening the drawer. */
function ApplyEntry({ groupNumber }: { groupNumber: string }) {
  const { t } = useTranslation('groups');
  const applies = useJoinApplies();
  const count = (applies.data?.rows ?? []).filter(
    (a) => a.groupNumber === groupNumber && a.status === 0,
  ).length;
  if (count === 0) return null;
  return (
    <LinkRow label={t('apply.drawer')} onClick={groupDialogs.openApplies} testId="group-applies-entry">
      <span className="gp-banner">{t('apply.banner', { count })}</span>
    </LinkRow>
  );
}
