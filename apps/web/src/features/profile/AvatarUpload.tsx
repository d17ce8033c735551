import { useRef, useState, type ChangeEvent } from 'react';
import type { UserInfo } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../../lib/error-text';
import { useSession } from '../../lib/session';
import { Avatar } from '../../ui/Avatar';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast-store';
import { failToast } from '../friends';
import { AVATAR_TYPES, avatarProblem, profileApi, uploadFile } from './upload';

/** The own avatar: click to pick an image, uploaded (POST /api/oss/upload) and saved as the avatar. */
export function AvatarUpload({ user, size = 64 }: { user: UserInfo; size?: number }) {
  const { t } = useTranslation('profileEdit');
  const setUser = useSession((s) => s.setUser);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const handleFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) {
      toast.error(t(`avatar.${problem}`));
      return;
    }
    setBusy(true);
    try {
      const uploaded = await uploadFile(file);
      const next = await profileApi.update({ avatar: uploaded.url });
      setUser({ ...user, ...next });
      toast.success(t('avatar.done'));
    } catch (err) {
      // The server says why (e.g. the file is not really an image); a session error ends the session.
      const reason = errorTextOf(err, '').replace(/^file:\s*/, '');
      failToast(err, reason ? t('avatar.failedWith', { reason }) : t('avatar.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="avatar-upload"
      onClick={() => input.current?.click()}
      disabled={busy}
      aria-label={t('avatar.change')}
      title={t('avatar.change')}
      data-testid="avatar-upload"
    >
      <Avatar src={user.avatar} name={user.nickName} size={size} />
      <span className="avatar-upload__veil">{busy ? <Spinner size={18} /> : t('avatar.changeShort')}</span>
      <input
        ref={input}
        type="file"
        accept={AVATAR_TYPES.join(',')}
        hidden
        onChange={(e) => void handleFile(e)}
        data-testid="avatar-file"
      />
    </button>
  );
}
