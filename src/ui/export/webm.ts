/**
 * A WebM of the flow without real-time recording: each step's frame is
 * encoded with WebCodecs (VP9, else VP8: Chromium's software VP9 encoder in
 * real-time mode took a third of VP8's time on the lab flow's 1280 px
 * frames) at exact timestamps through mediabunny, one frame per second of
 * a step, a key frame at every step boundary (so a player seeks straight to
 * a step), libvpx in its real-time mode (the frames are still; its
 * quality mode spends seconds per frame for nothing). Loaded on first use.
 */

/** Frames per second: a step is a key frame, then one repeat per further second. */
const FPS = 1;
const CODECS = ['vp9', 'vp8'] as const;

export interface WebmWriter {
  /** Adds the canvas's current picture as step `index`, held for `seconds`. */
  step(index: number, seconds: number): Promise<void>;
  finish(): Promise<Blob>;
  cancel(): Promise<void>;
}

export async function canEncodeWebm(): Promise<boolean> {
  if (typeof VideoEncoder === 'undefined') return false;
  const { getFirstEncodableVideoCodec } = await import('mediabunny');
  return (await getFirstEncodableVideoCodec([...CODECS])) !== null;
}

/** A writer for frames drawn on `canvas` (its size must stay fixed and even). */
export async function startWebm(canvas: HTMLCanvasElement): Promise<WebmWriter> {
  const { BufferTarget, CanvasSource, Output, QUALITY_MEDIUM, WebMOutputFormat, getFirstEncodableVideoCodec } = await import('mediabunny');
  const codec = await getFirstEncodableVideoCodec([...CODECS], { width: canvas.width, height: canvas.height });
  if (!codec) throw new Error('no VP9 or VP8 encoder');
  const output = new Output({ format: new WebMOutputFormat(), target: new BufferTarget() });
  // Key frames are placed by hand at step boundaries; keyFrameInterval only bounds a long step.
  const source = new CanvasSource(canvas, { codec, bitrate: QUALITY_MEDIUM, keyFrameInterval: 10, latencyMode: 'realtime' });
  output.addVideoTrack(source, { frameRate: FPS });
  await output.start();
  let at = 0;
  return {
    async step(_index, seconds) {
      const frames = Math.max(1, Math.round(seconds * FPS));
      for (let k = 0; k < frames; k++) await source.add(at + k / FPS, 1 / FPS, k === 0 ? { keyFrame: true } : undefined);
      at += frames / FPS;
    },
    async finish() {
      await output.finalize();
      return new Blob([output.target.buffer!], { type: 'video/webm' });
    },
    cancel: () => output.cancel(),
  };
}
