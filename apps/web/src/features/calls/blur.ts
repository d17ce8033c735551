/**
 * Background blur (setBlurBackground 3): MediaPipe's selfie segmentation (npm
 * `@mediapipe/selfie_segmentation`, Apache-2.0). Its loader, WebAssembly and model files are
 * bundled as assets, so Parley serves them itself (no CDN). Each camera frame is segmented; the person
 * is drawn sharp over a blurred copy of the frame on a canvas whose stream replaces the camera track.
 */
import loaderUrl from '@mediapipe/selfie_segmentation/selfie_segmentation.js?url&no-inline';
import graphUrl from '@mediapipe/selfie_segmentation/selfie_segmentation.binarypb?url&no-inline';
import modelUrl from '@mediapipe/selfie_segmentation/selfie_segmentation.tflite?url&no-inline';
import landscapeUrl from '@mediapipe/selfie_segmentation/selfie_segmentation_landscape.tflite?url&no-inline';
import simdJsUrl from '@mediapipe/selfie_segmentation/selfie_segmentation_solution_simd_wasm_bin.js?url&no-inline';
import simdWasmUrl from '@mediapipe/selfie_segmentation/selfie_segmentation_solution_simd_wasm_bin.wasm?url&no-inline';
import wasmJsUrl from '@mediapipe/selfie_segmentation/selfie_segmentation_solution_wasm_bin.js?url&no-inline';
import wasmUrl from '@mediapipe/selfie_segmentation/selfie_segmentation_solution_wasm_bin.wasm?url&no-inline';

const FILES: Record<string, string> = {
  'selfie_segmentation.binarypb': graphUrl,
  'selfie_segmentation.tflite': modelUrl,
  'selfie_segmentation_landscape.tflite': landscapeUrl,
  'selfie_segmentation_solution_simd_wasm_bin.js': simdJsUrl,
  'selfie_segmentation_solution_simd_wasm_bin.wasm': simdWasmUrl,
  'selfie_segmentation_solution_wasm_bin.js': wasmJsUrl,
  'selfie_segmentation_solution_wasm_bin.wasm': wasmUrl,
};

interface Results {
  image: CanvasImageSource;
  segmentationMask: CanvasImageSource;
}
interface Segmenter {
  setOptions(o: { modelSelection: number; selfieMode?: boolean }): void;
  onResults(cb: (r: Results) => void): void;
  send(input: { image: HTMLVideoElement }): Promise<void>;
  close(): Promise<void>;
}
type SegmenterCtor = new (o: { locateFile(file: string): string }) => Segmenter;

let loading: Promise<SegmenterCtor> | null = null;
function loadLibrary(): Promise<SegmenterCtor> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = loaderUrl;
    script.onload = () =>
      resolve((window as unknown as { SelfieSegmentation: SegmenterCtor }).SelfieSegmentation);
    script.onerror = () => reject(new Error('segmentation library failed to load'));
    document.head.appendChild(script);
  });
  return loading;
}

export interface Blurred {
  track: MediaStreamTrack;
  stop(): void;
}

/** A blurred-background copy of the camera track; resolves once the first frame is drawn. */
export async function blurBackground(camera: MediaStreamTrack, level = 3): Promise<Blurred> {
  const Ctor = await loadLibrary();
  const seg = new Ctor({ locateFile: (file) => FILES[file] ?? file });
  seg.setOptions({ modelSelection: 1, selfieMode: false });
  const { width = 640, height = 480 } = camera.getSettings();
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d')!;
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = new MediaStream([camera]);
  await video.play();
  let running = true;
  let firstFrame: () => void = () => undefined;
  const drawn = new Promise<void>((r) => (firstFrame = r));
  seg.onResults((r) => {
    ctx.save();
    ctx.clearRect(0, 0, width, height);
    ctx.drawImage(r.segmentationMask, 0, 0, width, height);
    ctx.globalCompositeOperation = 'source-in';
    ctx.drawImage(r.image, 0, 0, width, height);
    ctx.globalCompositeOperation = 'destination-over';
    ctx.filter = `blur(${level * 4}px)`;
    ctx.drawImage(r.image, 0, 0, width, height);
    ctx.restore();
    firstFrame();
  });
  const tick = async () => {
    if (!running) return;
    try {
      await seg.send({ image: video });
    } catch {
      // A frame that fails is skipped.
    }
    if (running) setTimeout(() => void tick(), 1000 / 15);
  };
  void tick();
  await drawn;
  const track = canvas.captureStream(15).getVideoTracks()[0]!;
  return {
    track,
    stop() {
      running = false;
      track.stop();
      video.srcObject = null;
      void seg.close().catch(() => undefined);
    },
  };
}
