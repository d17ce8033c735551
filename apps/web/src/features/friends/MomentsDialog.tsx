import { useRef, useState } from 'react';
import { Ui, type FriendInfo } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { useUpdateSpace } from './mutations';
import { useFriendInfo } from './queries';
import { nameOf } from './text';

type Flag = 'mineSpaceStatus' | 'friendsSpaceStatus';

/** 朋友权限: who sees whose moments. Each switch saves at once and locks for 1 s. */
export function MomentsDialog({ wtId, onClose }: { wtId: string; onClose(): void }) {
  const { t } = useTranslation('friends');
  const info = useFriendInfo(wtId);
  return (
    <Modal open onOpenChange={(v) => !v && onClose()} title={t('moments.title')} width={420}>
      {info.data ? (
        <MomentsSwitches info={info.data} />
      ) : (
        <div className="fd-loading">
          <Spinner size={20} label={t('loading')} />
        </div>
      )}
    </Modal>
  );
}

function MomentsSwitches({ info }: { info: FriendInfo }) {
  const { t } = useTranslation('friends');
  const update = useUpdateSpace();
  const [locked, setLocked] = useState<Flag | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const name = nameOf(info);

  const handleToggle = (flag: Flag) => {
    if (locked) return;
    setLocked(flag);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setLocked(null), Ui.toggleLock);
    update.mutate({ friendsWtId: info.wtId, [flag]: info[flag] === 1 ? 0 : 1 });
  };

  const rows: { flag: Flag; label: string; hint: string }[] = [
    { flag: 'mineSpaceStatus', label: t('moments.hideMine'), hint: t('moments.hideMineHint', { name }) },
    {
      flag: 'friendsSpaceStatus',
      label: t('moments.hideTheirs'),
      hint: t('moments.hideTheirsHint', { name }),
    },
  ];
  return (
    <div className="fd-switches">
      {rows.map((r) => (
        <div key={r.flag} className="fd-switch-row">
          <div>
            <div>{r.label}</div>
            <div className="fd-muted">{r.hint}</div>
          </div>
          <button
            type="button"
            role="switch"
            aria-checked={info[r.flag] === 1}
            aria-label={r.label}
            className="fd-switch"
            disabled={locked !== null}
            onClick={() => handleToggle(r.flag)}
            data-testid={`switch-${r.flag}`}
          />
        </div>
      ))}
    </div>
  );
}
