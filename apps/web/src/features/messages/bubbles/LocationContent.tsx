import { useTranslation } from 'react-i18next';
import { project, TILE, tileSrc } from '../map-math';
import { num, str } from './media-url';
import type { ContentProps } from './types';

/**
 * The map tile source, set at build time (VITE_MAP_TILE_URL, e.g. an OpenStreetMap-style
 * `https://tile.example.org/{z}/{x}/{y}.png`). Without one the card shows only the place.
 */
const TILE_URL: string = (import.meta.env.VITE_MAP_TILE_URL as string | undefined) ?? '';
const ZOOM = 15;

/** The URL of the tile holding (lat, lon) at ZOOM (Web Mercator). */
export function tileUrl(template: string, lat: number, lon: number, z = ZOOM): string {
  const p = project({ lat, lng: lon }, z);
  return tileSrc(template, z, Math.floor(p.x / TILE), Math.floor(p.y / TILE));
}

function place(description: unknown): { title: string; detail: string } {
  try {
    const d = JSON.parse(str(description)) as { title?: unknown; detail?: unknown };
    return { title: str(d.title), detail: str(d.detail) };
  } catch {
    return { title: str(description), detail: '' };
  }
}

/** Location card: title, detail, and a map tile with a pin when a tile source is configured. */
export function LocationContent({ m }: ContentProps) {
  const { t } = useTranslation('rich');
  const lat = num(m.payload.latitude ?? m.payload.lat);
  const lon = num(m.payload.longitude ?? m.payload.lon);
  const { title, detail } = place(m.payload.description);
  return (
    <div className="rich-location" data-testid="location-bubble">
      <div className="rich-location__title">{title || t('location.unnamed')}</div>
      {detail && <div className="rich-location__detail">{detail}</div>}
      {TILE_URL ? (
        <div className="rich-location__map">
          <img src={tileUrl(TILE_URL, lat, lon)} alt={t('location.map')} loading="lazy" />
          <span className="rich-location__pin" aria-hidden="true" />
        </div>
      ) : (
        <div className="rich-location__coords">{`${lat.toFixed(4)}, ${lon.toFixed(4)}`}</div>
      )}
    </div>
  );
}
