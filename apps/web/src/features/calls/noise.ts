/**
 * The "AI voice" switch: RNNoise (the @shiguredo/rnnoise-wasm WebAssembly build, loaded on first use
 * as its own chunk served by Parley) applied to the microphone. The mic track feeds a 48 kHz
 * AudioContext; 480-sample frames go through RNNoise (which expects 16-bit PCM magnitudes) and come
 * out of a MediaStreamDestination whose track replaces the mic track on the peer connection.
 */
const FRAME = 480;
const SCALE = 32768;

export interface Denoised {
  track: MediaStreamTrack;
  stop(): void;
}

export async function denoise(mic: MediaStreamTrack): Promise<Denoised> {
  const { Rnnoise } = await import('@shiguredo/rnnoise-wasm');
  const rnnoise = await Rnnoise.load();
  const state = rnnoise.createDenoiseState();
  const ctx = new AudioContext({ sampleRate: 48000 });
  const source = ctx.createMediaStreamSource(new MediaStream([mic]));
  // ScriptProcessor keeps the wasm on the page (an AudioWorklet would need its own module and copy).
  const node = ctx.createScriptProcessor(1024, 1, 1);
  const dest = ctx.createMediaStreamDestination();
  let inQ = new Float32Array(0);
  let outQ = new Float32Array(0);
  const frame = new Float32Array(FRAME);
  const concat = (a: Float32Array, b: Float32Array) => {
    const c = new Float32Array(a.length + b.length);
    c.set(a);
    c.set(b, a.length);
    return c;
  };
  node.onaudioprocess = (ev) => {
    inQ = concat(inQ, ev.inputBuffer.getChannelData(0));
    let produced = new Float32Array(0);
    while (inQ.length >= FRAME) {
      for (let i = 0; i < FRAME; i++) frame[i] = inQ[i]! * SCALE;
      state.processFrame(frame);
      const out = new Float32Array(FRAME);
      for (let i = 0; i < FRAME; i++) out[i] = frame[i]! / SCALE;
      produced = concat(produced, out);
      inQ = inQ.slice(FRAME);
    }
    outQ = concat(outQ, produced);
    const output = ev.outputBuffer.getChannelData(0);
    const n = Math.min(output.length, outQ.length);
    output.fill(0);
    output.set(outQ.subarray(0, n));
    outQ = outQ.slice(n);
  };
  source.connect(node);
  node.connect(dest);
  return {
    track: dest.stream.getAudioTracks()[0]!,
    stop() {
      node.disconnect();
      source.disconnect();
      void ctx.close();
      state.destroy();
    },
  };
}
