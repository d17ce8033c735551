import { useState } from 'react';
import { charLength, Limits } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { CountedInput } from '../../ui/CountedInput';
import { Modal } from '../../ui/Modal';
import { useGroupAction } from './actions';
import { useGroupInfo } from './queries';
import { groupDialogs, useGroupUi, type GroupEditField } from './store';

const MAX: Record<GroupEditField, number> = {
  // The chat window's readings (docs/web.md "Groups"): nickname and remark 15, notice 3000.
  nickname: Limits.nickName,
  remark: Limits.nickName,
  notice: Limits.groupNoticeChat,
  welcome: Limits.welcome,
};

/**
 * The group edit dialog the chat window opens (groupDialogs.openEdit): own group nickname, own
 * remark, the notice (managers edit; others read it, '暂无公告' / '知道了'), the welcome (managers).
 * Saving an unchanged value just closes.
 */
export function GroupEditDialog() {
  const edit = useGroupUi((s) => s.edit);
  const info = useGroupInfo(edit?.groupNumber ?? null);
  const { t } = useTranslation('groups');
  if (!edit) return null;
  return (
    <Modal
      open
      onOpenChange={(v) => !v && groupDialogs.closeEdit()}
      title={t(`editDialog.${edit.field}`)}
      width={420}
    >
      {info.data && (
        <EditForm
          key={`${edit.groupNumber}-${edit.field}`}
          groupNumber={edit.groupNumber}
          field={edit.field}
          manager={info.data.can.manage}
          initial={
            edit.field === 'nickname'
              ? info.data.selfMember.groupNickname
              : edit.field === 'remark'
                ? info.data.selfMember.groupNameRemark
                : edit.field === 'notice'
                  ? info.data.groupNotice
                  : info.data.groupWelcomeMsg
          }
        />
      )}
    </Modal>
  );
}

function EditForm({
  groupNumber,
  field,
  manager,
  initial,
}: {
  groupNumber: string;
  field: GroupEditField;
  manager: boolean;
  initial: string;
}) {
  const { t } = useTranslation('groups');
  const run = useGroupAction();
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const max = MAX[field];
  const multiline = field === 'notice' || field === 'welcome';
  const readOnly = (field === 'notice' || field === 'welcome') && !manager;

  if (readOnly) {
    return (
      <div className="gp-edit" data-testid="group-edit-dialog">
        <p className="gp-notice gp-edit__read" data-testid="group-edit-read">
          {initial || t('editDialog.noNotice')}
        </p>
        <div className="gp-actions">
          <button
            type="button"
            className="btn btn--primary"
            onClick={groupDialogs.closeEdit}
            data-testid="group-edit-ok"
          >
            {t('editDialog.ok')}
          </button>
        </div>
      </div>
    );
  }

  const handleSave = async () => {
    const next = draft.trim();
    if (next === initial) return groupDialogs.closeEdit();
    if (charLength(next) > max) return setError(t('editDialog.tooLong', { max }));
    setBusy(true);
    const body = { groupNumber };
    const done = await run(
      groupNumber,
      () =>
        field === 'nickname'
          ? call('groups', 'editSelf', { ...body, groupNickname: next }, { silent: true })
          : field === 'remark'
            ? call('groups', 'editSelf', { ...body, groupNameRemark: next }, { silent: true })
            : field === 'notice'
              ? call('groups', 'edit', { ...body, groupNotice: next }, { silent: true })
              : call('groups', 'setWelcome', { ...body, groupWelcomeMsg: next }, { silent: true }),
      { ok: t('panel.saved'), fail: t('panel.saveFailed') },
    );
    setBusy(false);
    if (done) groupDialogs.closeEdit();
  };

  return (
    <form
      className="gp-edit"
      data-testid="group-edit-dialog"
      onSubmit={(e) => {
        e.preventDefault();
        void handleSave();
      }}
      noValidate
    >
      {multiline ? (
        <>
          <textarea
            className="input gp-textarea gp-edit__area"
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setError(null);
            }}
            rows={8}
            aria-label={t(`editDialog.${field}`)}
            placeholder={t('panel.unset')}
            data-testid="group-edit-input"
            autoFocus
          />
          <span className={`gp-note gp-edit__count${charLength(draft.trim()) > max ? ' gp-error' : ''}`}>
            {charLength(draft.trim())}/{max}
          </span>
        </>
      ) : (
        <CountedInput
          value={draft}
          onValueChange={(v) => {
            setDraft(v);
            setError(null);
          }}
          max={max}
          placeholder={t('panel.unset')}
          testId="group-edit-input"
          autoFocus
        />
      )}
      {error && (
        <p className="gp-error" role="alert" data-testid="group-edit-error">
          {error}
        </p>
      )}
      <div className="gp-actions">
        <button type="button" className="btn" onClick={groupDialogs.closeEdit}>
          {t('panel.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy} data-testid="group-edit-save">
          {t('panel.save')}
        </button>
      </div>
    </form>
  );
}
