import { useTranslation } from 'react-i18next';
import { memberLevel, useSession } from '../../lib/session';
import { AvatarSize } from '../../ui/Avatar';
import { Drawer } from '../../ui/Drawer';
import { LevelBadge } from '../../ui/LevelBadge';
import { AvatarUpload } from './AvatarUpload';
import { ProfileEditor } from './ProfileEditor';
import { Step2PwdForm } from './Step2PwdForm';
import './profile.css';

function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** The signed-in user's card: avatar upload, nickname/bio editing and the second-step password setting. */
export function ProfileDrawer({ open, onOpenChange }: { open: boolean; onOpenChange(v: boolean): void }) {
  const { t } = useTranslation('profile');
  const user = useSession((s) => s.user);
  const level = memberLevel(user);
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title={t('title')}>
      {user && (
        <div className="profile" data-testid="profile-drawer">
          <div className="profile__head">
            <AvatarUpload user={user} size={AvatarSize.normal} />
            <div className="profile__who">
              <strong className="profile__nick">
                {user.nickName} {level !== null && <LevelBadge level={level} />}
              </strong>
              <span>{t('wtId', { id: user.wtId })}</span>
              <span>{t('phone', { phone: maskPhone(user.phone) })}</span>
            </div>
          </div>
          {user.bio && <p className="profile__bio">{user.bio}</p>}
          <ProfileEditor key={`${user.nickName}|${user.bio}`} user={user} />
          <Step2PwdForm hasStep2={user.hasStep2Pwd} />
        </div>
      )}
    </Drawer>
  );
}
