import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolButton } from '../../../ui/ToolPopover';
import { LocationDialog } from './share/LocationDialog';
import { NameCardDialog } from './share/NameCardDialogs';

/** The composer's 位置 and 名片 buttons. */
export function ShareButtons({ conversationID }: { conversationID: string }) {
  const { t } = useTranslation('rich');
  const [open, setOpen] = useState<'location' | 'card' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <ToolButton
        label={t('share.location')}
        testId="tool-location"
        onClick={() => setOpen('location')}
        icon={
          <>
            <path d="M12 21s-6-5.6-6-11a6 6 0 0 1 12 0c0 5.4-6 11-6 11z" />
            <circle cx="12" cy="10" r="2.2" />
          </>
        }
      />
      <ToolButton
        label={t('share.nameCard')}
        testId="tool-namecard"
        onClick={() => setOpen('card')}
        icon={
          <>
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <circle cx="9" cy="11" r="2" strokeWidth="1.6" />
            <path d="M6 16c.6-1.6 1.7-2.4 3-2.4s2.4.8 3 2.4M14 10h4M14 13h3" strokeWidth="1.6" />
          </>
        }
      />
      {open === 'location' && <LocationDialog conversationID={conversationID} onClose={close} />}
      {open === 'card' && <NameCardDialog conversationID={conversationID} onClose={close} />}
    </>
  );
}
