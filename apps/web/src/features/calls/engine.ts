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
import { PeerLink } from './peer';
import { resetCall, useCallStore, type CallState, type DeviceLists } from './store';
import { denoise, type Denoised } from './noise';
import { playTone, stopTone } from './tones';
import { startLimitWatch, stopLimitWatch } from './limit';

const PING_MS = 5000;
const STATS_MS = 1000;
const TIP_MS = 2000;

/** Engine errors of the call kit (60001–60006) and the permission texts, as i18n keys of 'calls'. */
export const EngineError = {
  switchToAudio: 60001,
  switchToVideo: 60002,
  noMic: 60003,
  noCamera: 60004,
  deviceDenied: 60005,
  noWebRTC: 60006,
} as const;

export class CallEngineError extends Error {
  constructor(
    readonly code: number,
    readonly key: string,
  ) {
    super(key);
  }
}

const END_TIPS: Record<number, string> = {
  [CallAction.cancel]: 'tips.canceled',
  [CallAction.reject]: 'tips.reject',
  [CallAction.timeout]: 'tips.timeout',
  [CallAction.busy]: 'tips.busy',
  [CallAction.hangup]: 'tips.ended',
  [CallAction.dropped]: 'tips.ended',
  [CallAction.limit]: 'tips.ended',
};

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
  private ice: IceServers | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private statsTimer: ReturnType<typeof setInterval> | null = null;
  private pendingSignals: CallSignal[] = [];
  private denoised: Denoised | null = null;
  private blurred: { track: MediaStreamTrack; stop(): void } | null = null;

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
    const stream = await this.media(type);
    set({
      phase: 'calling',
      role: 'caller',
      mediaType: type,
      peer,
      localStream: stream,
      cameraOn: type === 2,
    });
    playTone('dialing', null);
    try {
      const info = await socket.send<CallInfo>('call.invite', {
        v: CallLimits.version,
        userID: peer.wtId,
        type,
      });
      set({ call: info });
      if (info.status === 'ended') return this.finish(CallAction.busy);
      this.startPing();
    } catch (err) {
      this.cleanup();
      resetCall();
      throw err;
    }
  }

  async accept(): Promise<void> {
    const s = get();
    if (s.phase !== 'calling' || s.role !== 'callee' || s.loading.accept || !s.call) return;
    set({ loading: { ...s.loading, accept: true } });
    stopTone();
    try {
      const stream = await this.media(s.mediaType === 1 ? 1 : 2);
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
      resetCall({ tip: { key: 'tips.acceptFailed' } });
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

  openMicrophone = () => this.toggleTrack('audio', true);
  closeMicrophone = () => this.toggleTrack('audio', false);
  openCamera = () => this.toggleTrack('video', true);
  closeCamera = () => this.toggleTrack('video', false);
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
  async getDeviceList(): Promise<DeviceLists> {
    const all = await navigator.mediaDevices.enumerateDevices();
    const pick = (kind: MediaDeviceKind) =>
      all.filter((d) => d.kind === kind).map((d) => ({ deviceId: d.deviceId, label: d.label }));
    const prev = get().devices.current;
    const lists = {
      camera: pick('videoinput'),
      microphone: pick('audioinput'),
      speaker: pick('audiooutput'),
    };
    const keep = (list: { deviceId: string }[], id: string) =>
      list.some((d) => d.deviceId === id) ? id : (list[0]?.deviceId ?? '');
    const devices: DeviceLists = {
      ...lists,
      current: {
        camera: keep(lists.camera, prev.camera),
        microphone: keep(lists.microphone, prev.microphone),
        speaker: keep(lists.speaker, prev.speaker),
      },
    };
    set({ devices });
    return devices;
  }

  /** Uses another camera, microphone or speaker during the call (failures are ignored). */
  async switchDevice(type: 'camera' | 'microphone' | 'speaker', deviceId: string): Promise<void> {
    if (!['camera', 'microphone', 'speaker'].includes(type) || typeof deviceId !== 'string' || !deviceId) {
      throw new Error('API switchDevice: deviceType error, only be camera, microphone, speaker');
    }
    const current = { ...get().devices.current, [type]: deviceId };
    if (type !== 'speaker') {
      const kind = type === 'camera' ? 'video' : 'audio';
      const stream = get().localStream;
      if (stream && stream.getTracks().some((t) => t.kind === kind)) {
        try {
          const fresh = await navigator.mediaDevices.getUserMedia(
            kind === 'video'
              ? { video: { deviceId: { exact: deviceId } } }
              : { audio: { deviceId: { exact: deviceId } } },
          );
          const track = fresh.getTracks()[0]!;
          for (const old of stream.getTracks().filter((t) => t.kind === kind)) {
            old.stop();
            stream.removeTrack(old);
          }
          stream.addTrack(track);
          await this.link?.replaceTrack(track);
          set({ localStream: new MediaStream(stream.getTracks()) });
        } catch {
          return;
        }
      }
    }
    set({ devices: { ...get().devices, current } });
  }

  /** The next camera (front/back on phones). */
  async switchCamera(): Promise<void> {
    const { camera, current } = await this.getDeviceList();
    if (camera.length < 2) return;
    const i = camera.findIndex((c) => c.deviceId === current.camera);
    await this.switchDevice('camera', camera[(i + 1) % camera.length]!.deviceId);
  }

  setVideoDisplayMode(mode: string): void {
    if (!['contain', 'cover', 'fill'].includes(mode))
      throw new Error('API setVideoDisplayMode: mode error, only be contain, cover, fill');
    set({ displayMode: mode as CallState['displayMode'] });
  }

  setVideoResolution(resolution: string): void {
    if (!['480p', '720p', '1080p'].includes(resolution))
      throw new Error('API setVideoResolution: resolution error, only be 480p, 720p, 1080p');
    set({ resolution: resolution as CallState['resolution'] });
  }

  enableFloatWindow(on: boolean): void {
    set({ enableFloatWindow: !!on });
  }

  /** A bell file must answer HEAD with 200 and audio/mpeg, else it is ignored. */
  async setCallingBell(url: string): Promise<boolean> {
    try {
      const res = await fetch(url, { method: 'HEAD' });
      if (res.status !== 200 || !(res.headers.get('content-type') ?? '').includes('audio/mpeg')) return false;
      set({ callingBell: url });
      return true;
    } catch {
      return false;
    }
  }

  /** setBlurBackground: 3 blurs the background behind the person, 0 turns it off. */
  async setBlurBackground(level: number): Promise<void> {
    if (level !== 3 && level !== 0) throw new Error('API setBlurBackground: level error, only be 3, 0');
    const s = get();
    if (s.loading.camera) return;
    set({ blur: level, loading: { ...s.loading, camera: true } });
    try {
      await this.applyBlur();
    } finally {
      set({ loading: { ...get().loading, camera: false } });
    }
  }

  private async applyBlur(): Promise<void> {
    const camera = get().localStream?.getVideoTracks()[0];
    if (!this.link || !camera) return;
    if (get().blur === 3 && !this.blurred) {
      const { blurBackground } = await import('./blur');
      this.blurred = await blurBackground(camera);
      await this.link.replaceTrack(this.blurred.track);
      set({ blurActive: true, localPreview: new MediaStream([this.blurred.track]) });
    } else if (get().blur === 0 && this.blurred) {
      await this.link.replaceTrack(camera);
      this.blurred.stop();
      this.blurred = null;
      set({ blurActive: false, localPreview: null });
    }
  }

  /** The "AI voice" switch: RNNoise on the microphone now (in a call) and for the next calls. */
  async enableAIVoice(on: boolean): Promise<void> {
    set({ aiVoice: !!on });
    await this.applyAIVoice();
  }

  private async applyAIVoice(): Promise<void> {
    const mic = get().localStream?.getAudioTracks()[0];
    if (!this.link || !mic) return;
    if (get().aiVoice && !this.denoised) {
      try {
        this.denoised = await denoise(mic);
        await this.link.replaceTrack(this.denoised.track);
        set({ aiVoiceActive: true });
      } catch {
        this.denoised?.stop();
        this.denoised = null;
      }
    } else if (!get().aiVoice && this.denoised) {
      await this.link.replaceTrack(mic);
      this.denoised.stop();
      this.denoised = null;
      set({ aiVoiceActive: false });
    }
  }

  minimize = () => set({ minimized: true });
  restore = () => set({ minimized: false });
  swapViews = () => set({ bigView: get().bigView === 'remote' ? 'local' : 'remote' });
  closeLimitDialog = () => set({ limitDialog: false });
  closePermissionTip = () => set({ permissionTip: null });

  /** An invitation for this user: the incoming view rings (unless the bell is muted). */
  ring(call: CallInfo): void {
    const s = get();
    set({
      phase: 'calling',
      role: 'callee',
      mediaType: call.mediaType as 1 | 2,
      call,
      peer: call.caller,
      cameraOn: call.mediaType === 2,
    });
    if (!s.muteBell) playTone('ringing', s.callingBell);
    notifyIncoming(call);
  }

  // ----- signalling -----

  private onUpdated({ action, call }: CallUpdated): void {
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
        resetCall();
      }
      return;
    }
    if (action === CallAction.mediaSwitched) {
      this.dropVideo();
      return;
    }
    this.finish(action);
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
    );
    this.link.addStream(stream);
  }

  private connected(call: CallInfo): void {
    stopTone();
    set({
      call,
      phase: 'connected',
      connectedAt: Date.now(),
      bigView: call.mediaType === 2 ? 'remote' : 'local',
      loading: {},
    });
    this.startPing();
    this.startStats();
    void this.applyAIVoice();
    void this.applyBlur().catch(() => undefined);
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
          if (get().phase === 'connected' && info.role === 'caller') await this.link?.offer(true);
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
    resetCall(key ? { tip: { key } } : {});
    if (key) this.clearTipLater();
  }

  private clearTipLater(): void {
    setTimeout(() => {
      if (get().phase === 'idle') set({ tip: null });
    }, TIP_MS);
  }

  private cleanup(): void {
    stopTone();
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.statsTimer) clearInterval(this.statsTimer);
    this.pingTimer = this.statsTimer = null;
    this.link?.close();
    this.link = null;
    this.denoised?.stop();
    this.denoised = null;
    this.blurred?.stop();
    this.blurred = null;
    this.pendingSignals = [];
    for (const t of get().localStream?.getTracks() ?? []) t.stop();
  }

  private startPing(): void {
    if (this.pingTimer) return;
    this.pingTimer = setInterval(() => {
      const id = this.callId;
      if (id) void socket.send('call.ping', { v: CallLimits.version, callId: id }).catch(() => undefined);
    }, PING_MS);
  }

  private startStats(): void {
    if (this.statsTimer) return;
    this.statsTimer = setInterval(() => {
      void this.link?.stats().then(({ framesDecoded, quality, route }) => {
        const poor = quality >= 4;
        set({ framesDecoded, route, networkQuality: { local: quality, remote: quality } });
        if (poor && !get().tip) set({ tip: { key: 'tips.networkPoor' } });
      });
    }, STATS_MS);
  }

  // ----- devices -----

  private async media(type: 1 | 2): Promise<MediaStream> {
    const height = { '480p': 480, '720p': 720, '1080p': 1080 }[get().resolution];
    try {
      return await navigator.mediaDevices.getUserMedia({
        audio: { noiseSuppression: true, echoCancellation: true },
        video: type === 2 ? { height: { ideal: height } } : false,
      });
    } catch (err) {
      const name = (err as DOMException).name;
      if (name === 'NotAllowedError') {
        set({ permissionTip: type === 2 ? 'camera' : 'microphone' });
        throw new CallEngineError(
          EngineError.deviceDenied,
          type === 2 ? 'errors.noCameraAccess' : 'errors.noMicAccess',
        );
      }
      if (name === 'NotFoundError') {
        throw new CallEngineError(
          type === 2 ? EngineError.noCamera : EngineError.noMic,
          type === 2 ? 'errors.noCamera' : 'errors.noMic',
        );
      }
      throw new CallEngineError(EngineError.deviceDenied, 'errors.deviceDenied');
    }
  }

  private toggleTrack(kind: 'audio' | 'video', on: boolean): void {
    const key = kind === 'audio' ? 'mic' : 'camera';
    if (get().loading[key]) return;
    for (const t of get().localStream?.getTracks() ?? []) if (t.kind === kind) t.enabled = on;
    set(kind === 'audio' ? { micOn: on } : { cameraOn: on });
  }

  private dropVideo(): void {
    this.blurred?.stop();
    this.blurred = null;
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

function notifyIncoming(call: CallInfo): void {
  if (!document.hidden || typeof Notification === 'undefined' || Notification.permission !== 'granted')
    return;
  const n = new Notification(call.caller.nickName || call.caller.wtId, {
    body: call.mediaType === 2 ? 'invites you to a video call' : 'invites you to a voice call',
    tag: `call-${call.callId}`,
  });
  n.onclick = () => window.focus();
}

export const callEngine = new CallEngine();
export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
export const CALL_BUTTON_DEBOUNCE = CallConst.buttonDebounce;
