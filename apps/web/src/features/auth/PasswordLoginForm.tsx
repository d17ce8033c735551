import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_MAX_INPUT, type Step2Challenge } from '@parley/protocol';
import { errorTextOf } from '../../lib/error-text';
import { ApiError } from '../../lib/http';
import { FormError, SubmitButton } from './SubmitButton';
import { authApi } from './api';
import { Field } from './Field';
import { useFinishLogin } from './useFinishLogin';
import { checkLoginId, checkLoginPwd, checkPhone, validate } from './validate';

type Mode = 'phone' | 'id';

/** Phone + password or wtId + password. A 712 answer hands over to the second-step form. */
export function PasswordLoginForm({ mode, onStep2 }: { mode: Mode; onStep2(c: Step2Challenge): void }) {
  const { t } = useTranslation('auth');
  const finish = useFinishLogin();
  const [account, setAccount] = useState('');
  const [pwd, setPwd] = useState('');
  const [errors, setErrors] = useState<{ account?: string; pwd?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (loading) return;
    const errs = validate(
      { account, pwd },
      { account: mode === 'phone' ? checkPhone : checkLoginId, pwd: checkLoginPwd },
    );
    setErrors(errs);
    setFormError(null);
    if (errs.account || errs.pwd) return;
    setLoading(true);
    try {
      const result =
        mode === 'phone'
          ? await authApi.loginByPhone({ phone: account.trim(), pwd })
          : await authApi.loginById({ wtId: account.trim(), pwd });
      finish(result);
    } catch (err) {
      if (err instanceof ApiError && err.code === 712 && err.data) {
        onStep2(err.data as Step2Challenge);
      } else {
        setFormError(errorTextOf(err, t('errors.unknown')));
      }
    } finally {
      setLoading(false);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid={`login-form-${mode}`}>
      {mode === 'phone' ? (
        <Field
          label={t('phone')}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t('phonePlaceholder')}
          value={account}
          maxLength={PHONE_MAX_INPUT}
          onChange={(e) => setAccount(e.target.value)}
          error={errors.account ? t(errors.account) : null}
        />
      ) : (
        <Field
          label={t('wtId')}
          name="wtId"
          autoComplete="username"
          placeholder={t('wtIdPlaceholder')}
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          error={errors.account ? t(errors.account) : null}
        />
      )}
      <Field
        label={t('password')}
        name="pwd"
        type="password"
        autoComplete="current-password"
        placeholder={t('passwordPlaceholder')}
        value={pwd}
        onChange={(e) => setPwd(e.target.value)}
        error={errors.pwd ? t(errors.pwd) : null}
      />
      <FormError message={formError} />
      <SubmitButton
        loading={loading}
        label={t('signIn')}
        loadingLabel={t('signingIn')}
        testId="login-submit"
      />
    </form>
  );
}
