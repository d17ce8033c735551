import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { apiErrorText } from '../../lib/error-text';
import { ApiError } from '../../lib/http';
import { useSession } from '../../lib/session';
import { toast } from '../../ui/toast-store';

/** The redeem form of /member: a code from the operator makes (or keeps) the user a member. */
export function RedeemForm() {
  const { t } = useTranslation('calls');
  const qc = useQueryClient();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim() || busy) return;
    setBusy(true);
    setError('');
    try {
      const status = await call('membership', 'redeem', { code: code.trim() });
      // The socket's user.updated moves the badge on every tab; this one need not wait for it.
      const s = useSession.getState();
      if (s.user) s.setUser({ ...s.user, vipType: status.vipType, vipLevel: status.vipLevel });
      await qc.invalidateQueries({ queryKey: ['member', 'info'] });
      setCode('');
      toast.success(t('member.redeemed', { level: status.vipLevel }));
    } catch (err) {
      setError(err instanceof ApiError ? apiErrorText(err) : t('member.redeemFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="member__redeem" onSubmit={(e) => void submit(e)} noValidate data-testid="member-redeem">
      <label className="field">
        <span className="field__label">{t('member.codeLabel')}</span>
        <input
          className="input"
          value={code}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          placeholder="XXXXX-XXXXX-XXXXX-XXXXX"
          aria-invalid={!!error}
          aria-describedby={error ? 'member-redeem-error' : undefined}
          data-testid="member-code"
          onChange={(e) => setCode(e.target.value)}
        />
      </label>
      <button
        type="submit"
        className="btn btn--primary"
        disabled={busy || !code.trim()}
        data-testid="member-redeem-submit"
      >
        {t('member.redeem')}
      </button>
      {error && (
        <p className="member__error" id="member-redeem-error" role="alert" data-testid="member-redeem-error">
          {error}
        </p>
      )}
    </form>
  );
}
