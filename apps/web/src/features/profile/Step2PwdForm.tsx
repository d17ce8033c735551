import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast-store';
import { checkLoginPwd, checkNewPwd } from '../auth';

/** Sets, changes or clears the second-step login password (POST /api/user/setStep2Pwd). */
export function Step2PwdForm({ hasStep2 }: { hasStep2: boolean }) {
  const { t } = useTranslation('profile');
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const [pwd, setPwd] = useState('');
  const [tips, setTips] = useState('');
  const [currentPwd, setCurrentPwd] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (clear: boolean) => {
    const err = (clear ? null : checkNewPwd(pwd)) ?? checkLoginPwd(currentPwd);
    setError(err ? t(`auth:${err}`) : null);
    if (err || !user) return;
    setBusy(true);
    try {
      await call('auth', 'setStep2', {
        pwd: clear ? '' : pwd,
        tips: clear ? '' : tips.trim(),
        currentPwd,
      });
      setUser({ ...user, hasStep2Pwd: !clear });
      setPwd('');
      setTips('');
      setCurrentPwd('');
      toast.success(clear ? t('step2.cleared') : t('step2.saved'));
    } catch {
      /* toasted by the http client */
    } finally {
      setBusy(false);
    }
  };

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(false);
  };

  return (
    <form className="profile__section" onSubmit={handleSubmit} noValidate data-testid="step2-settings">
      <h3>{t('step2.title')}</h3>
      <p className="field__hint" style={{ marginBottom: 12 }}>
        {hasStep2 ? t('step2.on') : t('step2.off')}
      </p>
      <label className="field">
        <span className="field__label">{t('step2.newPwd')}</span>
        <input
          className="input"
          type="password"
          autoComplete="new-password"
          value={pwd}
          onChange={(e) => setPwd(e.target.value)}
        />
      </label>
      <label className="field">
        <span className="field__label">{t('step2.tips')}</span>
        <input className="input" value={tips} maxLength={30} onChange={(e) => setTips(e.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">{t('step2.currentPwd')}</span>
        <input
          className="input"
          type="password"
          autoComplete="current-password"
          value={currentPwd}
          onChange={(e) => setCurrentPwd(e.target.value)}
        />
        <span className="field__error">{error ?? ''}</span>
      </label>
      <div className="profile__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy && <Spinner size={14} />}
          {t('step2.save')}
        </button>
        {hasStep2 && (
          <button type="button" className="btn" disabled={busy} onClick={() => void submit(true)}>
            {t('step2.clear')}
          </button>
        )}
      </div>
    </form>
  );
}
