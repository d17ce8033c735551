/**
 * The new-message sound: a short two-note chime made with Web Audio (no sound file). Browsers
 * refuse audio before the page's first user gesture; then it stays silent.
 */
let ctx: AudioContext | null = null;

export function playMessageSound(): void {
  try {
    ctx ??= new AudioContext();
    const gain = ctx.createGain();
    gain.gain.value = 0.06;
    gain.connect(ctx.destination);
    [880, 1320].forEach((freq, i) => {
      const osc = ctx!.createOscillator();
      osc.frequency.value = freq;
      osc.connect(gain);
      const at = ctx!.currentTime + i * 0.12;
      osc.start(at);
      osc.stop(at + 0.1);
    });
  } catch {
    // No audio output: the message shows without a sound.
  }
}
