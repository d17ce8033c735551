import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Step2Challenge } from '@parley/protocol';
import { errorTextOf } from '../../lib/error-text';
import { ApiError } from '../../lib/http';
import { FormError, SubmitButton } from './SubmitButton';
import { authApi } from './api';
import { Field } from './Field';
import { useFinishLogin } from './useFinishLogin';
import { checkLoginPwd } from './validate';

/** Second step of a login that answered 712: the second password, with the user's hint. */
export function Step2Form({ challenge, onBack }: { challenge: Step2Challenge; onBack(): void }) {
  const { t } = useTranslation('auth');
  const finish = useFinishLogin();
  const [pwd, setPwd] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [tips, setTips] = useState(challenge.tips);
  const [loading, setLoading] = useState(false);

  const handleShowTips = async () => {
    try {
      const res = await authApi.step2Tips(challenge.ticket);
      setTips(res.tips || t('step2.noTips'));
    } catch (err) {
      setFormError(errorTextOf(err, t('errors.unknown')));
    }
  };

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (loading) return;
    const err = checkLoginPwd(pwd);
    setError(err);
    setFormError(null);
    if (err) return;
    setLoading(true);
    try {
      finish(await authApi.step2({ ticket: challenge.ticket, pwd }));
    } catch (ex) {
      // An expired ticket cannot be retried: go back to the first step.
      if (ex instanceof ApiError && ex.code === 10005) {
        onBack();
        return;
      }
      setFormError(errorTextOf(ex, t('errors.unknown')));
    } finally {
      setLoading(false);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="step2-form">
      <div className="step2__intro">
        <h2>{t('step2.title')}</h2>
        <p>{t('step2.text')}</p>
      </div>
      <Field
        label={t('step2.password')}
        name="step2pwd"
        type="password"
        autoComplete="off"
        autoFocus
        placeholder={t('step2.placeholder')}
        value={pwd}
        onChange={(e) => setPwd(e.target.value)}
        error={error ? t(error) : null}
      />
      <div className="step2__tips" data-testid="step2-tips">
        {tips ? (
          <>
            <span>{t('step2.hint')}</span> <strong>{tips}</strong>
          </>
        ) : (
          <button type="button" className="link-btn" onClick={handleShowTips}>
            {t('step2.showHint')}
          </button>
        )}
      </div>
      <FormError message={formError} />
      <SubmitButton
        loading={loading}
        label={t('step2.submit')}
        loadingLabel={t('signingIn')}
        testId="step2-submit"
      />
      <button type="button" className="btn btn--ghost btn--block step2__back" onClick={onBack}>
        {t('step2.back')}
      </button>
    </form>
  );
}
