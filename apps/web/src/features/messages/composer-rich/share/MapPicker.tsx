import { useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { project, tilesAround, tileSrc, unproject, type LatLng } from '../../map-math';

const WIDTH = 360;
const HEIGHT = 220;
/** How far an arrow key moves the pin, in screen pixels. */
const STEP = 16;

/**
 * A map of tiles from `template` to pick a point on: a click puts the pin there; with the map
 * focused, the arrow keys move the pin (the map follows it) and + / − zoom.
 */
export function MapPicker({
  template,
  value,
  onChange,
  initialZoom = 13,
}: {
  template: string;
  value: LatLng;
  onChange(p: LatLng): void;
  initialZoom?: number;
}) {
  const { t } = useTranslation('rich');
  const [zoom, setZoom] = useState(initialZoom);
  const [center, setCenter] = useState<LatLng>(value);
  // The view is as wide as the dialog allows (up to WIDTH): the math uses its real width.
  const view = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(WIDTH);
  useLayoutEffect(() => {
    const el = view.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth || WIDTH);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const c = project(center, zoom);
  const pin = project(value, zoom);
  const at = (x: number, y: number) => unproject(c.x - width / 2 + x, c.y - HEIGHT / 2 + y, zoom);

  const click = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    onChange(at(e.clientX - box.left, e.clientY - box.top));
  };
  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-STEP, 0],
      ArrowRight: [STEP, 0],
      ArrowUp: [0, -STEP],
      ArrowDown: [0, STEP],
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      const next = unproject(pin.x + move[0], pin.y + move[1], zoom);
      setCenter(next);
      onChange(next);
    } else if (e.key === '+' || e.key === '=' || e.key === '-') {
      e.preventDefault();
      setZoom((z) => Math.min(18, Math.max(2, z + (e.key === '-' ? -1 : 1))));
    }
  };
  const zoomBy = (d: number) => {
    setCenter(value);
    setZoom((z) => Math.min(18, Math.max(2, z + d)));
  };

  return (
    <div className="map-picker">
      <div
        className="map-picker__view"
        ref={view}
        style={{ width: '100%', maxWidth: WIDTH, height: HEIGHT }}
        role="application"
        tabIndex={0}
        aria-label={t('share.mapLabel')}
        aria-describedby="map-picker-help"
        data-testid="map-picker"
        onClick={click}
        onKeyDown={key}
      >
        {tilesAround(c, width, HEIGHT, zoom).map((tile) => (
          <img
            key={`${zoom}:${tile.key}`}
            className="map-picker__tile"
            src={tileSrc(template, zoom, tile.x, tile.y)}
            alt=""
            draggable={false}
            style={{ left: tile.left, top: tile.top }}
          />
        ))}
        <span
          className="map-picker__pin"
          aria-hidden="true"
          data-testid="map-pin"
          style={{ left: pin.x - (c.x - width / 2), top: pin.y - (c.y - HEIGHT / 2) }}
        />
      </div>
      <div className="map-picker__bar">
        <span id="map-picker-help" className="map-picker__help">
          {t('share.mapHelp')}
        </span>
        <span className="map-picker__zoom">
          <button type="button" className="btn" aria-label={t('share.zoomOut')} onClick={() => zoomBy(-1)}>
            −
          </button>
          <button type="button" className="btn" aria-label={t('share.zoomIn')} onClick={() => zoomBy(1)}>
            +
          </button>
        </span>
      </div>
    </div>
  );
}
