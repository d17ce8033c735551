import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PHONE_MAX_INPUT } from '@parley/protocol';
import { errorTextOf, fieldOf } from '../../lib/error-text';
import { ApiError } from '../../lib/http';
import { paths } from '../../lib/paths';
import { FormError, SubmitButton } from './SubmitButton';
import { authApi } from './api';
import { Field } from './Field';
import { useFinishLogin } from './useFinishLogin';
import { checkNewPwd, checkNewWtId, checkNickName, checkPhone, validate } from './validate';

type Fields = 'phone' | 'nickName' | 'wtId' | 'pwd' | 'confirm';
const FIELDS: readonly string[] = ['phone', 'nickName', 'wtId', 'pwd', 'confirm'];

/** Envelope codes that belong to one field: shown under it in the UI language. */
const FIELD_CODES: Record<number, { field: Fields; key: string }> = {
  10002: { field: 'phone', key: 'errors.phoneTaken' },
  10003: { field: 'wtId', key: 'errors.wtIdTaken' },
};

export interface ServerProblem {
  field?: Fields;
  /** An i18n key of the auth namespace, or the server's own text. */
  key?: string;
  text?: string;
}

/**
 * Where a failed registration is shown: a taken phone or ID under its field, a 400 about a field
 * (`data.field`) under that field, anything else as the form's error line.
 */
export function registerProblem(err: unknown): ServerProblem {
  if (!(err instanceof ApiError)) return { key: 'errors.unknown' };
  const known = FIELD_CODES[err.code];
  if (known) return { field: known.field, key: known.key };
  const text = errorTextOf(err, '');
  const field = fieldOf(err);
  if (field && FIELDS.includes(field)) return { field: field as Fields, text };
  return text ? { text } : { key: 'errors.unknown' };
}

/** Registration; a successful one signs the user in (the server answers with a LoginResult). */
export function RegisterForm({ onSwitchToLogin }: { onSwitchToLogin(): void }) {
  const { t } = useTranslation('auth');
  const finish = useFinishLogin();
  const [values, setValues] = useState<Record<Fields, string>>({
    phone: '',
    nickName: '',
    wtId: '',
    pwd: '',
    confirm: '',
  });
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Fields | 'agree', string>>>({});
  // The server's answer: under a field (until that field is edited) or for the whole form.
  const [server, setServer] = useState<ServerProblem | null>(null);
  const [loading, setLoading] = useState(false);

  const set = (k: Fields) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [k]: e.target.value }));
    if (server?.field === k) setServer(null);
  };

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (loading) return;
    const errs: Partial<Record<Fields | 'agree', string>> = validate(values, {
      phone: checkPhone,
      nickName: checkNickName,
      wtId: checkNewWtId,
      pwd: checkNewPwd,
      confirm: (c) => (c === values.pwd ? null : 'errors.confirmMismatch'),
    });
    if (!agree) errs.agree = 'errors.agreeRequired';
    setErrors(errs);
    setServer(null);
    if (Object.keys(errs).length) return;
    setLoading(true);
    try {
      const wtId = values.wtId.trim();
      finish(
        await authApi.register({
          phone: values.phone.trim(),
          pwd: values.pwd,
          nickName: values.nickName.trim(),
          ...(wtId ? { wtId } : {}),
        }),
      );
    } catch (err) {
      setServer(registerProblem(err));
    } finally {
      setLoading(false);
    }
  };

  const serverText = server ? (server.key ? t(server.key) : (server.text ?? '')) : null;
  const err = (k: Fields) => (errors[k] ? t(errors[k]) : server?.field === k ? serverText : null);
  return (
    <form onSubmit={handleSubmit} noValidate data-testid="register-form">
      <Field
        label={t('phone')}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={PHONE_MAX_INPUT}
        placeholder={t('phonePlaceholder')}
        hint={t('phoneHint')}
        value={values.phone}
        onChange={set('phone')}
        error={err('phone')}
      />
      <Field
        label={t('nickName')}
        name="nickName"
        autoComplete="nickname"
        placeholder={t('nickNamePlaceholder')}
        value={values.nickName}
        onChange={set('nickName')}
        error={err('nickName')}
      />
      <Field
        label={t('wtIdOptional')}
        name="wtId"
        autoComplete="username"
        placeholder={t('wtIdNewPlaceholder')}
        value={values.wtId}
        onChange={set('wtId')}
        error={err('wtId')}
        hint={t('wtIdHint')}
      />
      <Field
        label={t('password')}
        name="pwd"
        type="password"
        autoComplete="new-password"
        placeholder={t('newPasswordPlaceholder')}
        value={values.pwd}
        onChange={set('pwd')}
        error={err('pwd')}
      />
      <Field
        label={t('confirmPassword')}
        name="confirm"
        type="password"
        autoComplete="new-password"
        placeholder={t('confirmPasswordPlaceholder')}
        value={values.confirm}
        onChange={set('confirm')}
        error={err('confirm')}
      />
      <label className="agree">
        <input type="checkbox" name="agree" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
        <span>
          <Trans
            t={t}
            i18nKey="agree"
            components={{
              terms: <Link to={paths.agreement} target="_blank" />,
              privacy: <Link to={paths.privacy} target="_blank" />,
            }}
          />
        </span>
      </label>
      <span className="field__error" role={errors.agree ? 'alert' : undefined}>
        {errors.agree ? t(errors.agree) : ''}
      </span>
      <FormError message={server && !server.field ? serverText : null} />
      <SubmitButton
        loading={loading}
        label={t('register')}
        loadingLabel={t('registering')}
        testId="register-submit"
      />
      <p className="auth-switch">
        {t('haveAccount')}{' '}
        <button type="button" className="link-btn" onClick={onSwitchToLogin}>
          {t('toLogin')}
        </button>
      </p>
    </form>
  );
}
