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
import { getDeviceList, localMedia, switchCamera, switchDevice, toggleTrack } from './devices';
import * as settings from './settings';
import { TrackEffects } from './effects';
import { CallHeartbeat } from './heartbeat';
import { CallEngineError, EngineError, END_TIPS } from './engine-errors';
import { PeerLink } from './peer';
import { next, type EngineEvent } from './call-machine';
import { prefs, setPrefs, type DeviceLists } from './prefs';
import { resetCall, useCallStore, type CallState } from './store';
import { playTone, stopTone } from './tones';
import { startLimitWatch, stopLimitWatch } from './limit';

// Ping while connected; stats polling; how long an end tip stays.
const TIP_MS = 2000;
export { CallEngineError, EngineError } from './engine-errors';

const set = (patch: Partial<CallState>) => useCallStore.setState(patch);
const get = () => useCallStore.getState();

/**
 * The web call engine (one-to-one): call, accept, reject, hangup, devices, media switch; signalling
 * over the tab's socket (`call.*` frames), media over one RTCPeerConnection (peer.ts). The server
 * owns the call; this tab holds it when the call's `connectionId` is this socket's.
 */
class CallEngine {
  private connectionId = '';
  private link: PeerLink | null = null;
  private stopSharing = () => {};
  private ice: IceServers | null = null;
  private readonly heartbeat = new CallHeartbeat();
  private pendingSignals: CallSignal[] = [];
  private readonly effects = new TrackEffects();

  constructor() {
    socket.on('hello', (d) => {
      const reconnected = this.connectionId !== '' && this.connectionId !== d.connectionId;
      this.connectionId = d.connectionId;
      if (reconnected) void this.resume();
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

  async call(peer: CallParty, type: 1 | 2): Promise<void> {
    if (get().phase !== 'idle') throw new CallEngineError(0, 'errors.ongoing');
    if (!navigator.mediaDevices || typeof RTCPeerConnection === 'undefined') {
      throw new CallEngineError(EngineError.noWebRTC, 'errors.noWebRTC');
    }
    // The daily limit: reached → the membership dialog; the check failing → the call silently does not start.
    let limited: number;
    try {
      limited = await api('calls', 'checkCall', undefined, { silent: true });
    } catch {
      return;
    }
    if (limited === 1) {
      set({ limitDialog: true });
      return;
    }
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

  openMicrophone = () => toggleTrack('audio', true);
  closeMicrophone = () => toggleTrack('audio', false);
  openCamera = () => toggleTrack('video', true);
  closeCamera = () => toggleTrack('video', false);
  muteSpeaker = () => set({ speakerMuted: true });
  unMuteSpeaker = () => set({ speakerMuted: false });

  /** Video → audio only (audio → video is not offered). */
  async switchCallMediaType(type: 1): Promise<void> {
    const s = get();
    if (s.mediaType === 1 || !s.call || type !== 1)
      throw new CallEngineError(EngineError.switchToAudio, 'errors.switchToAudio');
    set({ loading: { ...s.loading, switch: true } });
    try {
      await socket.send('call.switchMedia', { v: CallLimits.version, callId: s.call.callId, type: 1 });
      this.dropVideo();
    } catch {
      throw new CallEngineError(EngineError.switchToAudio, 'errors.switchToAudio');
    } finally {
      set({ loading: { ...get().loading, switch: false } });
    }
  }

  /** The devices of each kind (labels once the user allowed media), stored for the device menus. */
  getDeviceList(): Promise<DeviceLists> {
    return getDeviceList();
  }

  /**
   * Uses another camera, microphone or speaker during the call (an effect on the old one moves to
   * the new one); rejects with errors.switchDevice when the picked one cannot be opened.
   */
  switchDevice(type: 'camera' | 'microphone' | 'speaker', deviceId: string): Promise<void> {
    return switchDevice(this.sender(), type, deviceId);
  }

  /** The next camera (front/back on phones). */
  switchCamera(): Promise<void> {
    return switchCamera(this.sender());
  }

  /** Sends a new camera or microphone track to the peer, through its effect when one is on. */
  private sender() {
    const link = this.link;
    return link && { replaceTrack: (track: MediaStreamTrack) => this.effects.send(link, track) };
  }

  setVideoDisplayMode = settings.setVideoDisplayMode;
  setVideoResolution = settings.setVideoResolution;
  enableFloatWindow = settings.enableFloatWindow;
  setCallingBell = settings.setCallingBell;
  setVideoQuality = settings.setVideoQuality;

  /** setBlurBackground: 3 blurs the background behind the person, 0 turns it off. */
  async setBlurBackground(level: number): Promise<void> {
    if (level !== 3 && level !== 0) throw new Error('API setBlurBackground: level error, only be 3, 0');
    const s = get();
    if (s.loading.camera) return;
    set({ blur: level, loading: { ...s.loading, camera: true } });
    try {
      await this.effects.applyBlur(this.link);
    } finally {
      set({ loading: { ...get().loading, camera: false } });
    }
  }

  /** The "AI voice" switch: RNNoise on the microphone now (in a call) and for the next calls. */
  async enableAIVoice(on: boolean): Promise<void> {
    setPrefs({ aiVoice: !!on });
    await this.effects.applyAIVoice(this.link);
  }

  minimize = () => set({ minimized: true });
  restore = () => set({ minimized: false });
  swapViews = () => set({ bigView: get().bigView === 'remote' ? 'local' : 'remote' });
  closeLimitDialog = () => set({ limitDialog: false });
  closePermissionTip = () => set({ permissionTip: null });

  /** An invitation for this user: the incoming view rings (unless the bell is muted). */
  ring(call: CallInfo): void {
    this.transition('ring', {
      mediaType: call.mediaType as 1 | 2,
      call,
      peer: call.caller,
      cameraOn: call.mediaType === 2,
    });
    if (!prefs().muteBell) playTone('ringing', prefs().callingBell);
    notifyIncoming(call);
  }

  // ----- signalling -----

  private onUpdated({ action, call }: CallUpdated): void {
    // Group calls are not drawn by this one-to-one engine yet: their rings are left alone.
    if (call.groupID !== null) return;
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
      this.dropVideo();
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

  /**
   * After the socket came back (a new connection ID): pings until the server hands the call to this
   * connection (once the old one has been silent 8 s), then a connected caller restarts ICE.
   */
  private async resume(): Promise<void> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const id = this.callId;
      if (!id) return;
      try {
        const info = await socket.send<CallInfo>('call.ping', { v: CallLimits.version, callId: id });
        if (info.status === 'ended') return this.finish(CallAction.hangup);
        if (info.connectionId === this.connectionId || info.connectionId === null) {
          if (get().phase !== 'connected' || info.role !== 'caller' || !this.link) return;
          await this.link.offer(true);
          set({ iceRestarts: get().iceRestarts + 1 });
          return;
        }
      } catch {
        return this.finish(CallAction.hangup);
      }
      await new Promise((r) => setTimeout(r, 2000));
    }
  }

  /** The call ended (by us: action null; else the other side or the server): tip, then reset. */
  private finish(action: number | null): void {
    stopLimitWatch();
    this.cleanup();
    const key = action === null ? null : END_TIPS[action];
    this.transition('end', key ? { tip: { key } } : {});
    if (key) this.clearTipLater();
  }

  /** The one place the call's state moves (call-machine.ts); `with` is what the new state carries. */
  private transition(event: EngineEvent, with_: Partial<CallState> = {}): void {
    const to = next(get().phase, event);
    if (!to) return;
    if (to.phase === 'idle') resetCall(with_);
    else set({ ...with_, ...to });
  }

  private clearTipLater(): void {
    setTimeout(() => {
      if (get().phase === 'idle') set({ tip: null });
    }, TIP_MS);
  }

  private cleanup(): void {
    stopTone();
    this.heartbeat.stop();
    this.stopSharing();
    this.link?.close();
    this.link = null;
    this.effects.stop();
    this.pendingSignals = [];
    for (const t of get().localStream?.getTracks() ?? []) t.stop();
  }

  private dropVideo(): void {
    this.effects.dropBlur();
    set({ blurActive: false, localPreview: null });
    for (const t of get().localStream?.getVideoTracks() ?? []) {
      t.stop();
      get().localStream?.removeTrack(t);
    }
    set({ mediaType: 1, cameraOn: false, bigView: 'local' });
  }

  async loadIce(): Promise<void> {
    this.ice = await api('calls', 'iceServers', undefined, { silent: true }).catch(() => null);
  }
}

export const callEngine = new CallEngine();
export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
export const CALL_BUTTON_DEBOUNCE = CallConst.buttonDebounce;
