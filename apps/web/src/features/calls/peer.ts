import type { CallSignal, IceServers } from '@parley/protocol';

/** What each side tells the other over the link's data channel (the camera being off, for its tile). */
export interface PeerState {
  camera: boolean;
}

type SignalOut =
  { kind: 'offer' | 'answer'; sdp: string } | { kind: 'candidate'; candidate: RTCIceCandidateInit };

/**
 * One RTCPeerConnection for a one-to-one call: trickle ICE, candidates queued until the remote
 * description is set, and the remote stream handed to `onRemote`. The caller offers; the callee
 * answers. A group call holds one of these per remote member (mesh) or one to an SFU. A data
 * channel agreed on both sides (id 0, no negotiation of its own) carries each side's `PeerState`.
 */
export class PeerLink {
  readonly pc: RTCPeerConnection;
  private queued: RTCIceCandidateInit[] = [];
  private remote = new MediaStream();
  private readonly channel: RTCDataChannel;
  private state: PeerState | null = null;

  constructor(
    ice: IceServers | null,
    private readonly send: (s: SignalOut) => void,
    onRemote: (stream: MediaStream) => void,
    onState: (state: string) => void = () => undefined,
    onPeerState: (state: PeerState) => void = () => undefined,
  ) {
    this.pc = new RTCPeerConnection({
      iceServers: ice?.iceServers ?? [],
      iceTransportPolicy: ice?.iceTransportPolicy ?? 'all',
    });
    this.pc.onicecandidate = (ev) => {
      if (ev.candidate) this.send({ kind: 'candidate', candidate: ev.candidate.toJSON() });
    };
    this.pc.onconnectionstatechange = () => onState(this.pc.connectionState);
    this.pc.ontrack = (ev) => {
      this.remote.addTrack(ev.track);
      onRemote(this.remote);
    };
    // Created before the first offer, so the offer carries the data section.
    this.channel = this.pc.createDataChannel('state', { negotiated: true, id: 0 });
    this.channel.onopen = () => this.flushState();
    this.channel.onmessage = (ev) => {
      try {
        const data = JSON.parse(String(ev.data)) as Partial<PeerState>;
        if (typeof data.camera === 'boolean') onPeerState({ camera: data.camera });
      } catch {
        // Not ours: ignored.
      }
    };
  }

  /** Tells the other side this side's state (now if the channel is open, else once it opens). */
  shareState(state: PeerState): void {
    this.state = state;
    this.flushState();
  }

  private flushState(): void {
    if (this.state && this.channel.readyState === 'open') this.channel.send(JSON.stringify(this.state));
  }

  addStream(stream: MediaStream): void {
    for (const track of stream.getTracks()) this.pc.addTrack(track, stream);
  }

  /** Swaps the outgoing track of that kind (another camera or microphone) without renegotiation. */
  async replaceTrack(track: MediaStreamTrack): Promise<void> {
    const sender = this.pc.getSenders().find((s) => s.track?.kind === track.kind);
    await sender?.replaceTrack(track);
  }

  async offer(iceRestart = false): Promise<void> {
    const offer = await this.pc.createOffer({ iceRestart });
    await this.pc.setLocalDescription(offer);
    this.send({ kind: 'offer', sdp: offer.sdp ?? '' });
  }

  async handle(signal: CallSignal): Promise<void> {
    if (signal.kind === 'candidate' && signal.candidate) {
      const c: RTCIceCandidateInit = {
        candidate: signal.candidate.candidate,
        sdpMid: signal.candidate.sdpMid ?? null,
        sdpMLineIndex: signal.candidate.sdpMLineIndex ?? null,
        usernameFragment: signal.candidate.usernameFragment ?? null,
      };
      if (this.pc.remoteDescription) await this.pc.addIceCandidate(c).catch(() => undefined);
      else this.queued.push(c);
      return;
    }
    if (!signal.sdp) return;
    await this.pc.setRemoteDescription({ type: signal.kind as 'offer' | 'answer', sdp: signal.sdp });
    for (const c of this.queued.splice(0)) await this.pc.addIceCandidate(c).catch(() => undefined);
    if (signal.kind === 'offer') {
      const answer = await this.pc.createAnswer();
      await this.pc.setLocalDescription(answer);
      this.send({ kind: 'answer', sdp: answer.sdp ?? '' });
    }
  }

  /** Decoded video frames and a 1–6 quality from loss and round trip (getStats). */
  async stats(): Promise<{ framesDecoded: number; quality: number; route: string }> {
    let framesDecoded = 0;
    let localCandidateId = '';
    const candidateTypes = new Map<string, string>();
    let lost = 0;
    let received = 0;
    let rtt = 0;
    (await this.pc.getStats()).forEach((r: Record<string, unknown>) => {
      if (r.type === 'inbound-rtp') {
        if (r.kind === 'video') framesDecoded += Number(r.framesDecoded ?? 0);
        lost += Number(r.packetsLost ?? 0);
        received += Number(r.packetsReceived ?? 0);
      }
      if (r.type === 'candidate-pair' && r.nominated && r.state === 'succeeded') {
        rtt = Number(r.currentRoundTripTime ?? 0);
        localCandidateId = String(r.localCandidateId ?? '');
      }
      if (r.type === 'local-candidate') candidateTypes.set(String(r.id), String(r.candidateType ?? ''));
    });
    const loss = received + lost > 0 ? lost / (received + lost) : 0;
    const state = this.pc.connectionState;
    let quality = 1;
    if (state === 'failed' || state === 'disconnected') quality = 6;
    else if (loss > 0.2 || rtt > 1) quality = 5;
    else if (loss > 0.1 || rtt > 0.5) quality = 4;
    else if (loss > 0.05 || rtt > 0.3) quality = 3;
    else if (loss > 0.01 || rtt > 0.15) quality = 2;
    // host, srflx or relay (through TURN): the local side of the pair carrying media.
    return { framesDecoded, quality, route: candidateTypes.get(localCandidateId) ?? '' };
  }

  close(): void {
    this.channel.close();
    this.pc.close();
  }
}
