import { useState } from 'react';
import { charLength, Limits, type GroupInfo } from '@parley/protocol';
import { useTranslation } from 'react-i18next';

/** 群公告 in the panel: '未设置' when empty; managers edit it (at most 150 characters here). */
export function NoticeRow({
  group,
  editable,
  onSave,
}: {
  group: GroupInfo;
  editable: boolean;
  onSave(notice: string): Promise<unknown>;
}) {
  const { t } = useTranslation('groups');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(group.groupNotice);
  const [error, setError] = useState<string | null>(null);
  const handleSave = async () => {
    const next = draft.trim();
    if (charLength(next) > Limits.groupNoticePanel) return setError(t('panel.noticeTooLong'));
    if (next !== group.groupNotice) await onSave(next);
    setEditing(false);
  };
  return (
    <div className="gp-row gp-row--block">
      <div className="gp-row__head">
        <span className="gp-row__label">{t('panel.notice')}</span>
        {editable && !editing && (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => {
              setDraft(group.groupNotice);
              setEditing(true);
            }}
            data-testid="group-notice-edit"
          >
            {t('panel.edit')}
          </button>
        )}
      </div>
      {editing ? (
        <>
          <textarea
            className="input gp-textarea"
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setError(null);
            }}
            rows={4}
            data-testid="group-notice-input"
          />
          {error && (
            <span className="gp-error" role="alert" data-testid="group-notice-error">
              {error}
            </span>
          )}
          <div className="gp-actions">
            <button type="button" className="btn" onClick={() => setEditing(false)}>
              {t('panel.cancel')}
            </button>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => void handleSave()}
              data-testid="group-notice-save"
            >
              {t('panel.save')}
            </button>
          </div>
        </>
      ) : (
        <p className="gp-notice" data-testid="group-notice">
          {group.groupNotice || t('panel.noticeEmpty')}
        </p>
      )}
    </div>
  );
}
