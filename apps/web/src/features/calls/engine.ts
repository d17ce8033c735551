import {
  Call as CallConst,
  CallAction,
  CallLimits,
  type CallInfo,
  type CallParty,
  type CallSignal,
  type CallUpdated,
  type IceServers,
} from '@parley/protocol';
import { call as api } from '../../lib/api';
import { ApiError } from '../../lib/http';
import { socket } from '../../lib/realtime';
import { notifyIncoming } from './incoming-notice';
import { localMedia, toggleTrack } from './devices';
import { DeviceControls } from './engine-devices';
import { CallHeartbeat } from './heartbeat';
import { CallEngineError, EngineError, END_TIPS } from './engine-errors';
import { PeerLink } from './peer';
import { next, type EngineEvent } from './call-machine';
import { prefs } from './prefs';
import { resetCall, useCallStore, type CallState } from './store';
import { playTone, stopTone } from './tones';
import { startLimitWatch, stopLimitWatch } from './limit';
import { GroupCallFlow } from './group-call';
import { ScreenShare } from './screen-share';
import { resumeCall } from './resume';
import { dropVideo, switchToAudio } from './to-audio';

// How long an end tip stays.
const TIP_MS = 2000;
export { CallEngineError, EngineError } from './engine-errors';

const set = (patch: Partial<CallState>) => useCallStore.setState(patch);
const get = () => useCallStore.getState();

/**
 * The web call engine: call, accept, reject, hangup, devices, media switch, screen share; signalling
 * over the tab's socket (`call.*` frames), one-to-one media over one RTCPeerConnection (peer.ts),
 * group calls through group-call.ts (media via the SFU) on the same state (decision 043). The
 * server owns the call; this tab holds it when the call's `connectionId` is this socket's.
 */
class CallEngine extends DeviceControls {
  private connectionId = '';
  private stopSharing = () => {};
  private ice: IceServers | null = null;
  private readonly heartbeat = new CallHeartbeat();
  private pendingSignals: CallSignal[] = [];
  private readonly group = new GroupCallFlow({
    transition: (event, with_) => this.transition(event, with_),
    finish: (tip) => this.end(tip),
    connectionId: () => this.connectionId,
    loadIce: async () => (await this.loadIce(), this.ice),
    startPing: () => this.heartbeat.startPing(() => this.callId),
    showTip: (tip) => {
      set({ tip });
      this.clearTipLater();
    },
  });
  private readonly screen = new ScreenShare(
    () => this.link,
    () => this.group.media,
  );

  protected groupMedia = () => this.group.media;

  constructor() {
    super();
    socket.on('hello', (d) => {
      const reconnected = this.connectionId !== '' && this.connectionId !== d.connectionId;
      this.connectionId = d.connectionId;
      if (reconnected)
        void resumeCall({
          callId: () => this.callId,
          connectionId: () => this.connectionId,
          link: () => this.link,
          finish: (a) => this.finish(a),
        });
    });
    socket.on('call.updated', (d) => this.onUpdated(d));
    // A headset or camera plugged in or out: the device lists follow.
    navigator.mediaDevices?.addEventListener?.('devicechange', () => void this.getDeviceList());
    socket.on('call.signal', (d) => void this.onSignal(d));
  }

  private get callId(): string | null {
    return get().call?.callId ?? null;
  }

  // ----- operations -----

  /** Whether a call may start: idle, WebRTC, and under the daily limit (else its dialog opens). */
  private async mayStart(): Promise<boolean> {
    if (get().phase !== 'idle') throw new CallEngineError(0, 'errors.ongoing');
    if (!navigator.mediaDevices || typeof RTCPeerConnection === 'undefined') {
      throw new CallEngineError(EngineError.noWebRTC, 'errors.noWebRTC');
    }
    // The daily limit: reached → the membership dialog; the check failing → the call silently does not start.
    const limited = await api('calls', 'checkCall', undefined, { silent: true }).catch(() => null);
    if (limited === 1) set({ limitDialog: true });
    return limited === 0;
  }

  /** Starts the group's call with the picked members ringing (1–8); this user is on it at once. */
  async groupCall(groupID: string, type: 1 | 2, userIDList: string[]): Promise<void> {
    if (await this.mayStart()) await this.group.start(groupID, type, userIDList);
  }

  /** Joins the group's ongoing call (the chat's banner); a ringing invitation is answered so. */
  async joinInGroupCall(groupID: string, roomID: number, type: 1 | 2): Promise<void> {
    if (get().phase !== 'idle') throw new CallEngineError(0, 'errors.ongoing');
    await this.group.join(groupID, roomID, type);
  }

  /** Invites more members of the group into this group call. */
  inviteUser(userIDList: string[]): Promise<void> {
    return this.group.invite(userIDList);
  }

  /** Shares the screen (a group call: its own tile; one-to-one video: instead of the camera). */
  shareScreen = () => this.screen.start();
  stopScreen = () => this.screen.stop();

  async call(peer: CallParty, type: 1 | 2): Promise<void> {
    if (!(await this.mayStart())) return;
    await this.loadIce();
    const stream = await localMedia(type);
    this.transition('dial', { mediaType: type, peer, localStream: stream, cameraOn: type === 2 });
    playTone('dialing', null);
    try {
      const info = await socket.send<CallInfo>('call.invite', {
        v: CallLimits.version,
        userID: peer.wtId,
        type,
      });
      set({ call: info });
      if (info.status === 'ended') return this.finish(CallAction.busy);
      this.heartbeat.startPing(() => this.callId);
    } catch (err) {
      this.cleanup();
      this.transition('end');
      throw err;
    }
  }

  async accept(): Promise<void> {
    const s = get();
    if (s.phase !== 'calling' || s.role !== 'callee' || s.loading.accept || !s.call) return;
    if (s.groupID !== null) return this.group.accept();
    set({ loading: { ...s.loading, accept: true } });
    stopTone();
    try {
      const stream = await localMedia(s.mediaType === 1 ? 1 : 2);
      set({ localStream: stream });
      await this.loadIce();
      this.openLink(stream);
      const info = await socket.send<CallInfo>('call.accept', {
        v: CallLimits.version,
        callId: s.call.callId,
      });
      this.connected(info);
      for (const sig of this.pendingSignals.splice(0)) await this.link?.handle(sig);
    } catch (err) {
      this.cleanup();
      this.transition('end', { tip: { key: 'tips.acceptFailed' } });
      this.clearTipLater();
      throw err;
    }
  }

  async reject(): Promise<void> {
    const id = this.callId;
    if (!id) return;
    await socket.send('call.reject', { v: CallLimits.version, callId: id }).catch(() => undefined);
    this.finish(null);
  }

  async hangup(): Promise<void> {
    const s = get();
    if (!s.call || s.loading.hangup) return;
    set({ loading: { ...s.loading, hangup: true } });
    const type =
      s.phase === 'connected' ? 'call.hangup' : s.role === 'caller' ? 'call.cancel' : 'call.reject';
    await socket.send(type, { v: CallLimits.version, callId: s.call.callId }).catch(() => undefined);
    this.finish(null);
  }

  openMicrophone = () => this.toggle('audio', true);
  closeMicrophone = () => this.toggle('audio', false);
  openCamera = () => this.toggle('video', true);
  closeCamera = () => this.toggle('video', false);

  /** A device on or off; in a group call its track also comes or goes at the others (their marks). */
  private toggle(kind: 'audio' | 'video', on: boolean): void {
    toggleTrack(kind, on);
    const track =
      get()
        .localStream?.getTracks()
        .find((t) => t.kind === kind) ?? null;
    void this.group.media
      ?.send(kind === 'audio' ? 'mic' : 'camera', on ? track : null)
      .catch(() => undefined);
  }
  muteSpeaker = () => set({ speakerMuted: true });
  unMuteSpeaker = () => set({ speakerMuted: false });

  /** Video → audio only (audio → video is not offered). */
  switchCallMediaType = (type: 1) => switchToAudio(type, this.effects);

  minimize = () => set({ minimized: true });
  restore = () => set({ minimized: false });
  swapViews = () => set({ bigView: get().bigView === 'remote' ? 'local' : 'remote' });
  /** The grid's big tile: focusing the focused one again returns to the grid. */
  focus = (tile: string) => set({ focused: get().focused === tile ? null : tile });
  closeLimitDialog = () => set({ limitDialog: false });
  closePermissionTip = () => set({ permissionTip: null });

  /** An invitation for this user: the incoming view rings (unless the bell is muted). */
  ring(call: CallInfo): void {
    this.transition('ring', {
      mediaType: call.mediaType as 1 | 2,
      call,
      groupID: call.groupID,
      peer: call.caller,
      cameraOn: call.mediaType === 2,
    });
    if (!prefs().muteBell) playTone('ringing', prefs().callingBell);
    notifyIncoming(call);
  }

  // ----- signalling -----

  private onUpdated(update: CallUpdated): void {
    const { action, call } = update;
    if (call.groupID !== null) return this.group.onUpdated(update, (c) => this.ring(c));
    const s = get();
    if (action === CallAction.invite) {
      if (call.role === 'callee' && s.phase === 'idle') this.ring(call);
      return;
    }
    if (s.call?.callId !== call.callId) return;
    if (action === CallAction.accept) {
      if (call.role === 'caller' && call.connectionId === this.connectionId) {
        this.connected(call);
        const stream = get().localStream;
        if (stream) {
          this.openLink(stream);
          void this.link?.offer();
        }
      } else if (call.role === 'callee' && call.connectionId !== this.connectionId && s.phase === 'calling') {
        // Another tab accepted: this one stops ringing.
        this.cleanup();
        this.transition('end');
      }
      return;
    }
    if (action === CallAction.mediaSwitched) {
      dropVideo(this.effects);
      return;
    }
    this.finish(action);
    // The server ended the call at the caller's daily limit: the caller gets the membership dialog.
    if (action === CallAction.limit && call.role === 'caller') set({ limitDialog: true });
  }

  private async onSignal(sig: CallSignal): Promise<void> {
    if (sig.callId !== this.callId) return;
    if (!this.link) {
      this.pendingSignals.push(sig);
      return;
    }
    await this.link.handle(sig).catch(() => undefined);
  }

  private openLink(stream: MediaStream): void {
    if (this.link) return;
    const callId = this.callId;
    this.link = new PeerLink(
      this.ice,
      (out) => {
        if (!callId) return;
        void socket.send('call.signal', { v: CallLimits.version, callId, ...out }).catch(() => undefined);
      },
      (remote) => set({ remoteStream: remote }),
      (linkState) => set({ linkState }),
      (peer) => set({ remoteCameraOff: !peer.camera }),
    );
    this.link.addStream(stream);
    const link = this.link;
    link.shareState({ camera: get().cameraOn });
    this.stopSharing = useCallStore.subscribe((st, prev) => {
      if (st.cameraOn !== prev.cameraOn) link.shareState({ camera: st.cameraOn });
    });
  }

  private connected(call: CallInfo): void {
    stopTone();
    this.transition('connect', {
      call,
      connectedAt: Date.now(),
      bigView: call.mediaType === 2 ? 'remote' : 'local',
    });
    this.heartbeat.startPing(() => this.callId);
    this.heartbeat.startStats(() => this.link);
    void this.effects.applyAIVoice(this.link);
    void this.effects.applyBlur(this.link).catch(() => undefined);
    if (call.role === 'caller') {
      startLimitWatch(call.callee.wtId, call.mediaType, {
        onLimit: () => void this.hangupForLimit(),
        onFailed: () => void this.hangup(),
      });
    }
  }

  private async hangupForLimit(): Promise<void> {
    await this.hangup();
    set({ limitDialog: true });
  }

  /** The call ended (by us: action null; else the other side or the server): tip, then reset. */
  private finish(action: number | null): void {
    const key = action === null ? null : END_TIPS[action];
    this.end(key ? { key } : null);
  }

  private end(tip: CallState['tip']): void {
    stopLimitWatch();
    this.cleanup();
    this.transition('end', tip ? { tip } : {});
    if (tip) this.clearTipLater();
  }

  /** The one place the call's state moves (call-machine.ts); `with` is what the new state carries. */
  private transition(event: EngineEvent, with_: Partial<CallState> = {}): void {
    const to = next(get().phase, event);
    if (!to) return;
    if (to.phase === 'idle') resetCall(with_);
    else set({ ...with_, ...to });
  }

  private clearTipLater(): void {
    const tip = get().tip;
    setTimeout(() => {
      if (get().phase === 'idle' || get().tip === tip) set({ tip: null });
    }, TIP_MS);
  }

  private cleanup(): void {
    stopTone();
    this.heartbeat.stop();
    this.stopSharing();
    this.link?.close();
    this.link = null;
    this.group.close();
    this.screen.close();
    this.effects.stop();
    this.pendingSignals = [];
    for (const t of get().localStream?.getTracks() ?? []) t.stop();
  }

  async loadIce(): Promise<void> {
    this.ice = await api('calls', 'iceServers', undefined, { silent: true }).catch(() => null);
  }
}

export const callEngine = new CallEngine();
export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
export const CALL_BUTTON_DEBOUNCE = CallConst.buttonDebounce;
