import { useState, type FormEvent } from 'react';
import { charLength, Limits, type UserInfo } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { CountedInput } from '../../ui/CountedInput';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast-store';
import { clampChars } from '../../lib/text';
import { profileApi } from './upload';

/** Nickname (1–15 characters) and bio editor of the own profile. Save is a no-op when unchanged. */
export function ProfileEditor({ user }: { user: UserInfo }) {
  const { t } = useTranslation('profileEdit');
  const setUser = useSession((s) => s.setUser);
  const [nickName, setNickName] = useState(user.nickName);
  const [bio, setBio] = useState(user.bio ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const nick = nickName.trim();
    if (!nick) return setError(t('nickRequired'));
    if (charLength(nick) > Limits.nickName) return setError(t('nickTooLong', { max: Limits.nickName }));
    setError(null);
    const body: { nickName?: string; bio?: string } = {};
    if (nick !== user.nickName) body.nickName = nick;
    if (bio.trim() !== (user.bio ?? '')) body.bio = bio.trim();
    if (!Object.keys(body).length) return;
    setSaving(true);
    try {
      const next = await profileApi.update(body);
      setUser({ ...user, ...next });
      toast.success(t('saved'));
    } catch {
      /* the http client showed the server's message */
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="profile__section" onSubmit={handleSubmit} noValidate data-testid="profile-editor">
      <h3>{t('title')}</h3>
      <label className="field">
        <span className="field__label">{t('nickName')}</span>
        <CountedInput
          value={nickName}
          onValueChange={setNickName}
          max={Limits.nickName}
          aria-invalid={error ? true : undefined}
          testId="profile-nick"
        />
        <span className="field__error">{error ?? ''}</span>
      </label>
      <label className="field">
        <span className="field__label">{t('bio')}</span>
        <textarea
          className="input"
          value={bio}
          onChange={(e) => setBio(clampChars(e.target.value, Limits.bio))}
          placeholder={t('bioPlaceholder')}
          rows={3}
          data-testid="profile-bio"
        />
        <span className="field__hint">{t('counter', { n: charLength(bio.trim()), max: Limits.bio })}</span>
      </label>
      <button type="submit" className="btn btn--primary" disabled={saving} data-testid="profile-save">
        {saving && <Spinner size={14} />}
        {t('save')}
      </button>
    </form>
  );
}
