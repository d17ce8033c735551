import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_QUERY, useMediaQuery } from '../../ui/useMediaQuery';
import { useGroupInfo } from '../groups';
import { Btn, useRun, useTimer } from './call-ui';
import { CameraToggle, HangupButton, MicToggle, ShareScreenToggle, SpeakerToggle } from './call-toggles';
import { DeviceMenu } from './DeviceMenu';
import { callEngine } from './engine';
import { GroupTile } from './GroupTile';
import { groupTiles, spanOf } from './group-tiles';
import { ChevronDownIcon, ChevronUpIcon, InviteIcon, MinimizeIcon, SwitchCameraIcon } from './icons';
import { useCallPrefs } from './prefs';
import { fineState, useCallStore } from './store';
import './group-grid.css';

/**
 * A group call's window (dialing and connected; the ring is CallWindow's incoming view): the
 * group's name with the timer, a 12-column grid of tiles (this user first; cells three rows high;
 * a focused tile big with the others in a strip), the controls (on a phone behind a toggle), the
 * invite picker for "invite more".
 */
export function GroupCallWindow({ invite }: { invite(open: boolean): void }) {
  const { t } = useTranslation('calls');
  const s = useCallStore();
  const p = useCallPrefs();
  const run = useRun();
  const timer = useTimer(s.connectedAt);
  const phone = useMediaQuery(PHONE_QUERY);
  const group = useGroupInfo(s.groupID);
  const [panel, setPanel] = useState(true);
  const win = useRef<HTMLDivElement>(null);
  useEffect(() => win.current?.focus(), []);
  const tiles = groupTiles(s);
  const focused = tiles.some((x) => x.key === s.focused) ? s.focused : null;
  const span = spanOf(tiles.length);
  const rows = Math.ceil(tiles.length / (12 / span));
  const connected = s.phase === 'connected';
  const video = s.mediaType === 2;
  const groupName = group.data?.groupName || s.groupID || '';
  return (
    <div
      ref={win}
      tabIndex={-1}
      className={`call-window gcall${focused ? ' gcall--focused' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-label={t('grid.title', { name: groupName })}
      data-testid="call-window"
      data-state={fineState(s)}
    >
      <div className="call-top gcall-top">
        <div className="gcall-top__title">
          <span className="gcall-top__name" data-testid="gcall-group-name">
            {groupName}
          </span>
          <span className="gcall-top__status" data-testid={connected ? 'call-timer' : 'gcall-waiting'}>
            {connected ? timer : t('waiting')}
          </span>
        </div>
        {p.enableFloatWindow && (
          <Btn
            id="minimize"
            label={t('btn.minimize')}
            icon={<MinimizeIcon size={20} />}
            onClick={callEngine.minimize}
          />
        )}
      </div>
      <div
        className="gcall-grid"
        data-testid="gcall-grid"
        data-count={tiles.length}
        style={{ gridTemplateRows: focused ? undefined : `repeat(${rows * 3}, minmax(0, 1fr))` }}
      >
        {tiles.map((tile) => (
          <div
            key={tile.key}
            className="gcall-cell"
            style={focused ? undefined : { gridColumn: `span ${span}`, gridRow: 'span 3' }}
            data-focused={tile.key === focused ? 'on' : undefined}
          >
            <GroupTile
              tile={tile}
              focused={tile.key === focused}
              fit={p.displayMode}
              speakerMuted={s.speakerMuted}
              sinkId={p.devices.current.speaker}
              onFocus={callEngine.focus}
            />
          </div>
        ))}
      </div>
      <div
        className="call-stats"
        data-testid="call-stats"
        data-frames-decoded={s.framesDecoded}
        data-quality={s.networkQuality.remote}
        data-link={s.linkState}
      />
      {s.tip && (
        <div className="call-tip call-tip--inside" role="status" data-testid="call-tip">
          {t(s.tip.key, s.tip.values)}
        </div>
      )}
      {phone && (
        <button
          type="button"
          className="gcall-panel-toggle"
          data-testid="gcall-panel-toggle"
          aria-expanded={panel}
          aria-label={t(panel ? 'grid.hideControls' : 'grid.showControls')}
          onClick={() => setPanel(!panel)}
        >
          {panel ? <ChevronDownIcon size={20} /> : <ChevronUpIcon size={20} />}
        </button>
      )}
      {(panel || !phone) && (
        <div className="call-panel gcall-panel" data-testid="gcall-panel">
          <MicToggle />
          <SpeakerToggle />
          {video && <CameraToggle />}
          {video && phone && (
            <Btn
              id="switch-camera"
              label={t('btn.switchCamera')}
              icon={<SwitchCameraIcon />}
              onClick={() => s.cameraOn && run(() => callEngine.switchCamera())}
            />
          )}
          {connected && !phone && <ShareScreenToggle />}
          <Btn id="invite" label={t('grid.inviteMore')} icon={<InviteIcon />} onClick={() => invite(true)} />
          {connected && !phone && <DeviceMenu />}
          <HangupButton label={t('grid.leave')} />
        </div>
      )}
    </div>
  );
}
