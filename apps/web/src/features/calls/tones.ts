/**
 * Ring tones made with Web Audio (Parley's own, no sound files to license): the dialing tone the
 * caller hears (425 Hz, 1 s on / 4 s off) and the ringing tone of the callee (two-tone trill).
 * A custom bell (setCallingBell) plays as an <audio> loop instead.
 */
let ctx: AudioContext | null = null;
let timer: ReturnType<typeof setInterval> | null = null;
let bell: HTMLAudioElement | null = null;

function beep(freqs: number[], seconds: number) {
  ctx ??= new AudioContext();
  const gain = ctx.createGain();
  gain.gain.value = 0.08;
  gain.connect(ctx.destination);
  for (const f of freqs) {
    const osc = ctx.createOscillator();
    osc.frequency.value = f;
    osc.connect(gain);
    osc.start();
    osc.stop(ctx.currentTime + seconds);
  }
}

export function playTone(kind: 'dialing' | 'ringing', customBell: string | null): void {
  stopTone();
  try {
    if (customBell && kind === 'ringing') {
      bell = new Audio(customBell);
      bell.loop = true;
      void bell.play().catch(() => undefined);
      return;
    }
    const once = () => (kind === 'dialing' ? beep([425], 1) : beep([440, 480], 0.8));
    once();
    timer = setInterval(once, kind === 'dialing' ? 5000 : 2000);
  } catch {
    // No audio output (autoplay blocked): the call goes on silently.
  }
}

export function stopTone(): void {
  if (timer) clearInterval(timer);
  timer = null;
  bell?.pause();
  bell = null;
}
