import { useState, type FormEvent } from 'react';
import { Limits } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { ApiError, handleApiError } from '../../lib/http';
import { useSession } from '../../lib/session';
import { CountedInput } from '../../ui/CountedInput';
import { Spinner } from '../../ui/Spinner';
import type { ApplyTarget } from './dialogs-store';
import { errorText } from './errors';
import { useApply } from './mutations';
import { clampChars } from '../../lib/text';

/**
 * The application reason (≤15 characters) and 发送. A refusal (blacklisted, already
 * friends...) is shown in the form and as a toast.
 */
export function ApplyForm({
  target,
  onDone,
  onCancel,
}: {
  target: ApplyTarget;
  onDone(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('friends');
  const myNick = useSession((s) => s.user?.nickName ?? '');
  const [reason, setReason] = useState(() =>
    clampChars(
      target.groupName
        ? t('apply.defaultGroupReason', { name: myNick, group: target.groupName })
        : t('apply.defaultReason', { name: myNick }),
      Limits.friendApplyReason,
    ),
  );
  const [error, setError] = useState<string | null>(null);
  const apply = useApply();

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await apply.mutateAsync({
        applyWtId: target.wtId,
        applySource: target.source,
        applyInfo: reason.trim() || undefined,
      });
      onDone();
    } catch (err) {
      if (err instanceof ApiError) handleApiError(err);
      setError(errorText(err, t('apply.failed')));
    }
  };

  return (
    <form className="fd-form" onSubmit={handleSubmit} noValidate data-testid="apply-form">
      <label className="field">
        <span className="field__label">{t('apply.reason')}</span>
        <CountedInput
          value={reason}
          onValueChange={setReason}
          max={Limits.friendApplyReason}
          countTrimmed={false}
          autoFocus
          testId="apply-reason"
        />
      </label>
      {error && (
        <p className="fd-error" role="alert" data-testid="apply-error">
          {error}
        </p>
      )}
      <footer className="fd-footer">
        <button type="button" className="btn" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={apply.isPending}
          data-testid="apply-send"
        >
          {apply.isPending && <Spinner size={14} />}
          {t('apply.send')}
        </button>
      </footer>
    </form>
  );
}
