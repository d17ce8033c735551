import { Avatar } from '../../ui';
import { useCallPrefs } from './prefs';
import { useCallStore } from './store';
import { featuredTile, groupTiles } from './group-tiles';
import { Video } from './Video';

/** Everyone's sound in a minimized group call (the grid that plays it is not drawn). */
export function GroupAudio() {
  const s = useCallStore();
  const speaker = useCallPrefs((p) => p.devices.current.speaker);
  return (
    <>
      {groupTiles(s)
        .filter((x) => !x.local && x.audio)
        .map((x) => (
          <Video
            key={x.key}
            stream={x.audio}
            muted={s.speakerMuted}
            fit="cover"
            sinkId={speaker}
            testId={`gcall-audio-${x.key}`}
            className="call-hidden"
          />
        ))}
    </>
  );
}

/** The minimized group call's picture: the focused tile, else who speaks, else the first one joined. */
export function GroupFloatTile({ big }: { big: boolean }) {
  const s = useCallStore();
  const tile = featuredTile(groupTiles(s), s.focused, s.levels);
  if (!tile) return null;
  const video = tile.video && (tile.cameraOn || tile.screen);
  return (
    <span
      className={`call-float__tile${big ? ' call-float__tile--big' : ''}`}
      data-testid="call-float-tile"
      data-key={tile.key}
      data-speaking={tile.speaking ? 'on' : 'off'}
    >
      {video ? (
        <Video
          stream={tile.video}
          muted
          fit="cover"
          testId="call-float-video"
          className="call-float__video"
        />
      ) : (
        <Avatar src={tile.avatar} name={tile.name} size={big ? 56 : 32} decorative />
      )}
      <span className="call-float__who">{tile.name}</span>
    </span>
  );
}
