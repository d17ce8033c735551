import { useState, type FormEvent } from 'react';
import { charLength, Limits, Ui } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { call } from '../../lib/api';
import { Modal } from '../../ui/Modal';
import { CountedInput } from '../../ui/CountedInput';
import { Spinner } from '../../ui/Spinner';
import { PeoplePickerDialog } from '../people-picker';
import { toPickerItems, useFriends } from '../friends';
import { useGroupAction } from './actions';
import { GroupAvatarPicker } from './GroupAvatar';
import { groupDialogs, useGroupUi } from './store';

/** 发起群聊: pick friends, then 添加群聊 (avatar, name, announcement); the new group's panel opens. */
export function CreateGroup() {
  const { t } = useTranslation('groups');
  const picking = useGroupUi((s) => s.picking);
  const creating = useGroupUi((s) => s.creating);
  const friends = useFriends();
  return (
    <>
      <PeoplePickerDialog
        open={picking}
        title={t('startGroup')}
        items={toPickerItems(friends.data ?? [])}
        type="friend"
        loading={friends.isLoading}
        onConfirm={(sel) => groupDialogs.picked(sel.map((s) => s.id))}
        onCancel={groupDialogs.closeCreate}
      />
      <Modal
        open={creating !== null}
        onOpenChange={(v) => !v && groupDialogs.closeCreate()}
        title={t('create.title')}
        width={420}
      >
        {creating && <CreateForm wtIds={creating} />}
      </Modal>
    </>
  );
}

export function validateGroupName(name: string): 'nameRequired' | 'nameTooLong' | null {
  const n = charLength(name.trim());
  if (n === 0) return 'nameRequired';
  if (n > Limits.groupName) return 'nameTooLong';
  return null;
}

function CreateForm({ wtIds }: { wtIds: string[] }) {
  const { t } = useTranslation('groups');
  const run = useGroupAction();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [notice, setNotice] = useState('');
  const [avatar, setAvatar] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const bad = validateGroupName(name);
    if (bad) return setError(t(`create.${bad}`));
    if (charLength(notice) > Limits.groupNoticeChat) return setError(t('create.noticeTooLong'));
    setBusy(true);
    const group = await run(
      null,
      () =>
        call(
          'groups',
          'add',
          {
            groupName: name.trim(),
            groupNotice: notice.trim() || undefined,
            groupAvatar: avatar || undefined,
            wtIds,
          },
          { silent: true },
        ),
      { ok: t('create.done'), fail: t('panel.saveFailed') },
    );
    if (!group) return setBusy(false);
    // SPEC's creation flow: loading, a short delay, success, close; then the new group's chat.
    window.setTimeout(() => {
      groupDialogs.closeCreate();
      navigate(`${paths.messages}?conversationID=GROUP${group.groupNumber}`);
    }, Ui.groupCreateDelay);
  };

  return (
    <form className="gp-create" onSubmit={handleSubmit} noValidate>
      <div className="gp-create__head">
        <div className="gp-field">
          <span>{t('create.avatar')}</span>
          <GroupAvatarPicker
            src={avatar}
            name={name.trim()}
            size={56}
            onUploaded={setAvatar}
            testId="group-create-avatar"
          />
        </div>
        <label className="gp-field">
          <span>{t('create.name')}</span>
          <CountedInput
            value={name}
            onValueChange={(v) => {
              setName(v);
              setError(null);
            }}
            max={Limits.groupName}
            placeholder={t('create.namePlaceholder')}
            testId="group-create-name"
            autoFocus
          />
        </label>
      </div>
      <label className="gp-field">
        <span>{t('create.notice')}</span>
        <textarea
          className="input gp-textarea"
          value={notice}
          onChange={(e) => setNotice(e.target.value)}
          placeholder={t('create.noticePlaceholder')}
          data-testid="group-create-notice"
          rows={3}
        />
      </label>
      <p className="gp-note">{t('create.members', { count: wtIds.length })}</p>
      {error && (
        <p className="gp-error" role="alert" data-testid="group-create-error">
          {error}
        </p>
      )}
      <div className="gp-actions">
        <button type="button" className="btn" onClick={groupDialogs.closeCreate}>
          {t('create.cancel')}
        </button>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={busy}
          aria-busy={busy}
          data-testid="group-create-submit"
        >
          {busy && <Spinner size={14} />}
          {t('create.submit')}
        </button>
      </div>
    </form>
  );
}
