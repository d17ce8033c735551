import { useRef, useState } from 'react';
import type { GroupInfo } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { errorTextOf } from '../../lib/error-text';
import { uploadImage } from '../../lib/upload';
import { Avatar } from '../../ui/Avatar';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast-store';
import { useGroupAction } from './actions';

/** Image types a group avatar may be (SPEC's image uploads; the server checks the real type). */
export const GROUP_AVATAR_TYPES = ['image/gif', 'image/jpeg', 'image/png', 'image/bmp', 'image/webp'];
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * Picks an image, uploads it (上传成功 / 上传失败) and hands its URL over; shows `src` (or the
 * group's initial) with a 更换 veil. Used by 添加群聊 and the avatar editor.
 */
export function GroupAvatarPicker({
  src,
  name,
  size,
  onUploaded,
  testId,
}: {
  src: string;
  name: string;
  size: number;
  onUploaded(url: string): void;
  testId: string;
}) {
  const { t } = useTranslation('groups');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const handleFile = async (el: HTMLInputElement) => {
    const file = el.files?.[0];
    el.value = '';
    if (!file) return;
    if (!GROUP_AVATAR_TYPES.includes(file.type)) return toast.error(t('avatar.type'));
    if (file.size > MAX_BYTES) return toast.error(t('avatar.size'));
    setBusy(true);
    try {
      const { url } = await uploadImage(file);
      onUploaded(url);
      toast.success(t('avatar.uploaded'));
    } catch (err) {
      toast.error(errorTextOf(err, t('avatar.uploadFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="gp-avatar-pick"
      onClick={() => input.current?.click()}
      disabled={busy}
      aria-label={t('avatar.pick')}
      data-testid={testId}
    >
      <Avatar src={src} name={name || '#'} size={size} shape="rounded" decorative />
      <span className="gp-avatar-pick__veil">{busy ? <Spinner size={16} /> : t('avatar.change')}</span>
      <input
        ref={input}
        type="file"
        accept={GROUP_AVATAR_TYPES.join(',')}
        hidden
        onChange={(e) => void handleFile(e.target)}
        data-testid={`${testId}-file`}
      />
    </button>
  );
}

/** The group avatar editor (managers): the current avatar large, pick a new one, 保存 or 取消. */
export function GroupAvatarDialog({
  group,
  open,
  onClose,
}: {
  group: GroupInfo;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('groups');
  const run = useGroupAction();
  const [picked, setPicked] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const close = () => {
    setPicked(null);
    onClose();
  };
  const handleSave = async () => {
    if (!picked || picked === group.avatar) return close();
    setSaving(true);
    const done = await run(
      group.groupNumber,
      () => call('groups', 'edit', { groupNumber: group.groupNumber, groupAvatar: picked }, { silent: true }),
      { ok: t('panel.saved'), fail: t('panel.saveFailed') },
    );
    setSaving(false);
    if (done) close();
  };
  return (
    <Modal open={open} onOpenChange={(v) => !v && close()} title={t('avatar.title')} width={320}>
      <div className="gp-avatar-edit" data-testid="group-avatar-dialog">
        <GroupAvatarPicker
          src={picked ?? group.avatar}
          name={group.name}
          size={100}
          onUploaded={setPicked}
          testId="group-avatar-pick"
        />
        <p className="gp-note">{t('avatar.hint')}</p>
        <div className="gp-actions">
          <button type="button" className="btn" onClick={close}>
            {t('panel.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={!picked || saving}
            onClick={() => void handleSave()}
            data-testid="group-avatar-save"
          >
            {t('panel.save')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
