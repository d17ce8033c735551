import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendPayload } from '../rich-send';
import { MapPicker } from './MapPicker';
import { round6, type LatLng } from '../../map-math';
import { ShareDialog } from './ShareDialog';

/**
 * The map tile source, set at build time (VITE_MAP_TILE_URL, a `{z}/{x}/{y}` template). With one
 * the place is picked on the map; without, its coordinates are typed.
 */
const TILE_URL: string = (import.meta.env.VITE_MAP_TILE_URL as string | undefined) ?? '';
/** Where the map opens: there is no search and the browser's position is not asked for. */
const START: LatLng = { lat: 39.9087, lng: 116.3975 };

const num = (s: string) => (s.trim() === '' ? NaN : Number(s));

function Field({
  label,
  value,
  onChange,
  testId,
  decimal,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  testId: string;
  decimal?: boolean;
}) {
  return (
    <label className="share-field">
      <span>{label}</span>
      <input
        className="input"
        value={value}
        inputMode={decimal ? 'decimal' : undefined}
        data-testid={testId}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/** 位置: a place's name and address, and its point picked on the map or typed, sent as a location message. */
export function LocationDialog({ conversationID, onClose }: { conversationID: string; onClose(): void }) {
  const { t } = useTranslation('rich');
  const [title, setTitle] = useState('');
  const [detail, setDetail] = useState('');
  const [lat, setLat] = useState(TILE_URL ? String(START.lat) : '');
  const [lng, setLng] = useState(TILE_URL ? String(START.lng) : '');
  const [error, setError] = useState('');
  const edit = (set: (v: string) => void) => (v: string) => {
    set(v);
    setError('');
  };
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
  return (
    <ShareDialog title={t('share.location')} onClose={onClose} onSend={send} sendTestId="location-send">
      <div className="share-form">
        <Field label={t('share.title')} value={title} onChange={edit(setTitle)} testId="location-title" />
        <Field label={t('share.detail')} value={detail} onChange={edit(setDetail)} testId="location-detail" />
        {TILE_URL ? (
          <>
            <MapPicker
              template={TILE_URL}
              value={{ lat: Number(lat), lng: Number(lng) }}
              onChange={(p) => {
                setLat(String(round6(p.lat)));
                setLng(String(round6(p.lng)));
              }}
            />
            <p className="share-coords" data-testid="location-coords" aria-live="polite">
              {t('share.coords', { lat, lng })}
            </p>
          </>
        ) : (
          <>
            <Field label={t('share.lat')} value={lat} onChange={edit(setLat)} testId="location-lat" decimal />
            <Field label={t('share.lng')} value={lng} onChange={edit(setLng)} testId="location-lng" decimal />
          </>
        )}
        {error && (
          <p className="share-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </ShareDialog>
  );
}
