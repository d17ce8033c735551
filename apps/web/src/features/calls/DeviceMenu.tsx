import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRun } from './call-ui';
import { callEngine } from './engine';
import { SettingsIcon } from './icons';
import { useCallPrefs } from './prefs';

type Kind = 'camera' | 'microphone' | 'speaker';

/** The device lists of the call window (PC): pick the camera, microphone or speaker in use. */
export function DeviceMenu() {
  const { t } = useTranslation('calls');
  const devices = useCallPrefs((p) => p.devices);
  const [open, setOpen] = useState(false);
  // A device that cannot be opened shows a toast; the radio stays on the device in use.
  const run = useRun();
  const toggle = () => {
    if (!open) void callEngine.getDeviceList().catch(() => undefined);
    setOpen(!open);
  };
  return (
    <div className="call-devices">
      <button
        type="button"
        className="call-btn"
        data-testid="call-devices"
        aria-label={t('devices.title')}
        title={t('devices.title')}
        aria-expanded={open}
        onClick={toggle}
      >
        <SettingsIcon />
      </button>
      {open && (
        <div className="call-devices__menu" data-testid="call-device-menu">
          {(['camera', 'microphone', 'speaker'] as Kind[]).map((kind) =>
            devices[kind].length ? (
              <fieldset key={kind} className="call-devices__group">
                <legend>{t(`devices.${kind}`)}</legend>
                {devices[kind].map((d, i) => (
                  <label key={d.deviceId || i} className="call-devices__item">
                    <input
                      type="radio"
                      name={`call-${kind}`}
                      data-testid={`device-${kind}`}
                      checked={devices.current[kind] === d.deviceId}
                      onChange={() => run(() => callEngine.switchDevice(kind, d.deviceId))}
                    />
                    {d.label || `${t(`devices.${kind}`)} ${i + 1}`}
                  </label>
                ))}
              </fieldset>
            ) : null,
          )}
        </div>
      )}
    </div>
  );
}
