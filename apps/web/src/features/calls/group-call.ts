import { CallAction, CallLimits, type CallInfo, type CallUpdated, type IceServers } from '@parley/protocol';
import { ApiError } from '../../lib/http';
import { socket } from '../../lib/realtime';
import type { EngineEvent } from './call-machine';
import { localMedia } from './devices';
import { CallEngineError, END_TIPS } from './engine-errors';
import { GroupMedia } from './group-media';
import { groupCallTip, groupCallTips } from './group/group-tips';
import { useCallStore, type CallState } from './store';
import { stopTone } from './tones';

const set = (patch: Partial<CallState>) => useCallStore.setState(patch);
const get = () => useCallStore.getState();

/** The server's refusals the engine turns into its own texts or dialogs. */
const LIMIT_REACHED = 23006;
const REFUSALS: Record<number, { key: string; values?: Record<string, string> }> = {
  23010: groupCallTips.exists,
  23011: groupCallTips.full,
};

/** What the group part of the call engine uses of the engine (its one state table and cleanup). */
export interface EngineCore {
  transition(event: EngineEvent, with_?: Partial<CallState>): void;
  /** Ends this tab's call: cleanup, the table's `end`, the tip (i18n key of 'calls'), if any. */
  finish(tip: { key: string; values?: Record<string, string> } | null): void;
  connectionId(): string;
  loadIce(): Promise<IceServers | null>;
  startPing(): void;
  /** A tip in the call window for a while. */
  showTip(tip: { key: string; values?: Record<string, string> }): void;
}

/** This reader's own part of a group call (the presenter names the reader as `callee`). */
export const myPart = (call: CallInfo) => call.members.find((m) => m.wtId === call.callee.wtId);

/**
 * The group-call half of the call engine (engine.ts holds the one state and delegates here):
 * start, join from the banner, accept a ring, invite more, follow `call.updated` of the group's
 * call, and the media through the SFU (group-media.ts). See docs/decisions/043.
 */
export class GroupCallFlow {
  media: GroupMedia | null = null;

  constructor(private readonly core: EngineCore) {}

  async start(groupID: string, type: 1 | 2, userIDList: string[]): Promise<void> {
    const stream = await localMedia(type);
    this.core.transition('dial', { groupID, mediaType: type, localStream: stream, cameraOn: type === 2 });
    try {
      const info = await socket.send<CallInfo>('call.groupCall', {
        v: CallLimits.version,
        groupID,
        type,
        userIDList,
      });
      set({ call: info, peer: info.caller });
      this.core.startPing();
      if (info.status === 'connected')
        this.core.transition('connect', { call: info, connectedAt: Date.now() });
      await this.openMedia(info.callId, stream);
    } catch (err) {
      this.core.finish(null);
      throw refusal(err);
    }
  }

  async join(groupID: string, roomID: number, type: 1 | 2): Promise<void> {
    const stream = await localMedia(type);
    let info: CallInfo;
    try {
      info = await socket.send<CallInfo>('call.joinInGroupCall', {
        v: CallLimits.version,
        groupID,
        type,
        roomID,
      });
    } catch (err) {
      for (const t of stream.getTracks()) t.stop();
      throw refusal(err);
    }
    this.core.transition('join', {
      groupID,
      call: info,
      peer: info.caller,
      mediaType: type,
      localStream: stream,
      cameraOn: type === 2,
      connectedAt: info.connectedAt ?? Date.now(),
    });
    this.core.startPing();
    await this.openMedia(info.callId, stream).catch(() => undefined);
  }

  /** A ringing invitee answers: joined, then the media. */
  async accept(): Promise<void> {
    const s = get();
    if (!s.call) return;
    set({ loading: { ...s.loading, accept: true } });
    stopTone();
    const stream = await localMedia(s.mediaType === 1 ? 1 : 2);
    set({ localStream: stream });
    try {
      const info = await socket.send<CallInfo>('call.accept', {
        v: CallLimits.version,
        callId: s.call.callId,
      });
      this.core.transition('connect', { call: info, connectedAt: info.connectedAt ?? Date.now() });
      this.core.startPing();
      await this.openMedia(info.callId, stream);
    } catch (err) {
      this.core.finish({ key: 'tips.acceptFailed' });
      throw refusal(err);
    }
  }

  async invite(userIDList: string[]): Promise<void> {
    const callId = get().call?.callId;
    if (!callId || userIDList.length === 0) return;
    try {
      const info = await socket.send<CallInfo>('call.inviteUser', {
        v: CallLimits.version,
        callId,
        userIDList,
      });
      if (get().call?.callId === info.callId) set({ call: info });
    } catch (err) {
      throw refusal(err);
    }
  }

  /** A `call.updated` of a group call: a ring for this user, or a change of the call this tab is on. */
  onUpdated({ action, call, userID }: CallUpdated, ring: (call: CallInfo) => void): void {
    const s = get();
    const mine = myPart(call);
    if (s.phase === 'idle') {
      if (
        action === CallAction.invite &&
        call.role === 'callee' &&
        mine?.state === 'ringing' &&
        userID === mine.wtId
      )
        ring(call);
      return;
    }
    if (s.call?.callId !== call.callId) return;
    const me = call.callee.wtId;
    const tip = groupCallTip(s.call, call, me);
    set({ call });
    if (mine && userID === me && mine.state === 'joined' && call.connectionId !== this.core.connectionId()) {
      // Another tab of this user answered: this one stops ringing.
      if (s.phase === 'calling' && s.role === 'callee') this.core.finish(null);
      return;
    }
    if (call.status === 'ended' || (mine && mine.state !== 'joined' && mine.state !== 'ringing')) {
      if (action === CallAction.limit && userID === me) set({ limitDialog: true });
      const key = userID === me ? null : END_TIPS[endAction(call)];
      this.core.finish(tip ?? (key ? { key } : null));
      return;
    }
    if (s.phase === 'calling' && s.role === 'caller' && call.status === 'connected')
      this.core.transition('connect', { connectedAt: call.connectedAt ?? Date.now() });
    if (tip) this.core.showTip(tip);
  }

  close(): void {
    this.media?.close();
    this.media = null;
    for (const t of get().localScreen?.getTracks() ?? []) t.stop();
  }

  private async openMedia(callId: string, stream: MediaStream): Promise<void> {
    if (this.media) return;
    this.media = new GroupMedia(callId, await this.core.loadIce());
    await this.media.start(stream);
  }
}

/** The call's end as the action of the one-to-one tips (a hangup by the last one, a cancel, …). */
function endAction(call: CallInfo): number {
  const reason = call.endReason ?? 'hangup';
  return CallAction[reason === 'dropped' ? 'hangup' : reason];
}

/** A server refusal as the engine's error: the daily limit opens its dialog, known ones get their text. */
function refusal(err: unknown): unknown {
  if (err instanceof ApiError && err.code === LIMIT_REACHED) {
    set({ limitDialog: true });
    return new CallEngineError(0, '');
  }
  const known = err instanceof ApiError ? REFUSALS[err.code] : undefined;
  if (known) return new CallEngineError((err as ApiError).code, known.key, known.values);
  return err;
}
