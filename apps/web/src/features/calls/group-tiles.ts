import type { CallState } from './store';
import type { TileModel } from './GroupTile';

/** A level above this is speaking (the SFU reports 0–1). */
export const SPEAKING = 0.05;

/**
 * The grid's tiles from the call state: this user first, their screen, then everyone else joined or
 * ringing in the order of the call's members, each followed by their screen when they share one.
 */
export function groupTiles(s: CallState): TileModel[] {
  const call = s.call;
  if (!call) return [];
  const me = call.callee;
  const videoCall = s.mediaType === 2;
  const base = { speaking: false, ringing: false, frames: 0, audioPackets: 0, videoCall };
  const tiles: TileModel[] = [
    {
      ...base,
      key: me.wtId,
      name: me.nickName || me.wtId,
      avatar: me.avatar,
      video: videoCall ? (s.localPreview ?? s.localStream) : null,
      audio: null,
      micOn: s.micOn,
      cameraOn: videoCall && s.cameraOn,
      quality: s.networkQuality.local,
      speaking: s.micOn && (s.levels[me.wtId] ?? 0) > SPEAKING,
      local: true,
      screen: false,
    },
  ];
  const screenTile = (key: string, name: string, avatar: string, video: MediaStream, local: boolean) => ({
    ...base,
    key: `${key}:screen`,
    name,
    avatar,
    video,
    audio: null,
    micOn: true,
    cameraOn: true,
    quality: 1,
    local,
    screen: true,
  });
  if (s.localScreen) tiles.push(screenTile(me.wtId, tiles[0]!.name, me.avatar, s.localScreen, true));
  for (const m of call.members) {
    if (m.wtId === me.wtId || (m.state !== 'joined' && m.state !== 'ringing')) continue;
    const media = s.remote[m.wtId];
    const name = m.nickName || m.wtId;
    tiles.push({
      ...base,
      key: m.wtId,
      name,
      avatar: m.avatar,
      video: media?.camera ?? null,
      audio: media?.mic ?? null,
      micOn: m.state === 'ringing' || !!media?.mic,
      cameraOn: videoCall && !!media?.camera,
      quality: media?.quality ?? 1,
      speaking: !!media?.mic && (s.levels[m.wtId] ?? 0) > SPEAKING,
      local: false,
      screen: false,
      ringing: m.state === 'ringing',
      frames: media?.frames ?? 0,
      audioPackets: media?.audioPackets ?? 0,
    });
    if (media?.screen) tiles.push(screenTile(m.wtId, name, m.avatar, media.screen, false));
  }
  return tiles;
}

/** The tile the floating window shows: the focused one, else the loudest speaker, else the first remote. */
export function featuredTile(tiles: TileModel[], focused: string | null, levels: Record<string, number>) {
  const byFocus = tiles.find((t) => t.key === focused);
  if (byFocus) return byFocus;
  const remote = tiles.filter((t) => !t.local);
  const loudest = [...remote]
    .filter((t) => t.speaking)
    .sort((a, b) => (levels[b.key] ?? 0) - (levels[a.key] ?? 0))[0];
  return loudest ?? remote.find((t) => !t.ringing) ?? tiles[0] ?? null;
}

/** Columns (of 12) each tile spans for `n` tiles: one row of two, then rows of two or three. */
export const spanOf = (n: number) => (n <= 1 ? 12 : n <= 4 ? 6 : 4);
