import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../ui/Modal';
import { toast } from '../../../ui/toast-store';
import { toPickerItems, useFriends } from '../../friends';
import { PeoplePicker } from '../../people-picker';
import { sendPayload } from './rich-send';

const num = (s: string) => (s.trim() === '' ? NaN : Number(s));

/** 位置: a place typed by hand (title, detail, coordinates), sent as a location message. */
function LocationDialog({ conversationID, onClose }: { conversationID: string; onClose(): void }) {
  const { t } = useTranslation('rich');
  const [title, setTitle] = useState('');
  const [detail, setDetail] = useState('');
  const [lat, setLat] = useState('');
  const [lng, setLng] = useState('');
  const [error, setError] = useState('');
  const send = () => {
    const latitude = num(lat);
    const longitude = num(lng);
    if (!title.trim()) return setError(t('share.titleRequired'));
    if (!(latitude >= -90 && latitude <= 90) || !(longitude >= -180 && longitude <= 180))
      return setError(t('share.coordsInvalid'));
    void sendPayload(conversationID, 'location', {
      latitude,
      longitude,
      description: JSON.stringify({ title: title.trim().slice(0, 64), detail: detail.trim().slice(0, 128) }),
    });
    onClose();
  };
  const field = (
    label: string,
    value: string,
    set: (v: string) => void,
    testId: string,
    mode?: 'decimal',
  ) => (
    <label className="share-field">
      <span>{label}</span>
      <input
        className="input"
        value={value}
        inputMode={mode}
        data-testid={testId}
        onChange={(e) => {
          set(e.target.value);
          setError('');
        }}
      />
    </label>
  );
  return (
    <Modal
      open
      onOpenChange={(v) => !v && onClose()}
      title={t('share.location')}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {t('share.cancel')}
          </button>
          <button type="button" className="btn btn--primary" data-testid="location-send" onClick={send}>
            {t('share.send')}
          </button>
        </>
      }
    >
      <div className="share-form">
        {field(t('share.title'), title, setTitle, 'location-title')}
        {field(t('share.detail'), detail, setDetail, 'location-detail')}
        {field(t('share.lat'), lat, setLat, 'location-lat', 'decimal')}
        {field(t('share.lng'), lng, setLng, 'location-lng', 'decimal')}
        {error && (
          <p className="share-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}

/** 名片: recommend a friend to this chat (推荐); '推荐成功' once sent. */
function NameCardDialog({ conversationID, onClose }: { conversationID: string; onClose(): void }) {
  const { t } = useTranslation('rich');
  const friends = useFriends();
  const items = toPickerItems(friends.data ?? []).filter((i) => !i.official);
  return (
    <Modal open onOpenChange={(v) => !v && onClose()} title={t('share.nameCard')} width={640}>
      <PeoplePicker
        items={items}
        mode="radio"
        loading={friends.isLoading}
        onCancel={onClose}
        onConfirm={(picked) => {
          const p = picked[0];
          if (!p) return;
          void sendPayload(conversationID, 'custom', {
            data: JSON.stringify({
              businessID: 'nameCard',
              userId: p.id,
              nickName: p.name,
              avatar: p.avatar ?? '',
            }),
            description: p.name,
            extension: '',
          }).then((d) => d !== 'failed' && toast.success(t('share.recommended')));
          onClose();
        }}
      />
    </Modal>
  );
}

/** The composer's 位置 and 名片 buttons. */
export function ShareButtons({ conversationID }: { conversationID: string }) {
  const { t } = useTranslation('rich');
  const [open, setOpen] = useState<'location' | 'card' | null>(null);
  return (
    <>
      <button
        type="button"
        className="cv-icon-btn"
        aria-label={t('share.location')}
        title={t('share.location')}
        data-testid="tool-location"
        onClick={() => setOpen('location')}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M12 21s-6-5.6-6-11a6 6 0 0 1 12 0c0 5.4-6 11-6 11z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
          <circle cx="12" cy="10" r="2.2" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      <button
        type="button"
        className="cv-icon-btn"
        aria-label={t('share.nameCard')}
        title={t('share.nameCard')}
        data-testid="tool-namecard"
        onClick={() => setOpen('card')}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <rect
            x="3"
            y="5"
            width="18"
            height="14"
            rx="2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
          <circle cx="9" cy="11" r="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path
            d="M6 16c.6-1.6 1.7-2.4 3-2.4s2.4.8 3 2.4M14 10h4M14 13h3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          />
        </svg>
      </button>
      {open === 'location' && (
        <LocationDialog conversationID={conversationID} onClose={() => setOpen(null)} />
      )}
      {open === 'card' && <NameCardDialog conversationID={conversationID} onClose={() => setOpen(null)} />}
    </>
  );
}
