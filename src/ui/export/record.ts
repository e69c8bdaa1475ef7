/** An animated WebM of the flow: MediaRecorder on a canvas the step frames are drawn onto, one second per step. */
export function canRecordWebm(): boolean {
  return typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported('video/webm');
}

export interface Recorder {
  /** Draws a frame and holds it for `ms`. */
  frame(image: HTMLCanvasElement, ms: number): Promise<void>;
  stop(): Promise<Blob>;
}

export function startWebm(width: number, height: number, background: string): Recorder {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, width, height);
  const type = MediaRecorder.isTypeSupported('video/webm;codecs=vp9') ? 'video/webm;codecs=vp9' : 'video/webm';
  const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: type });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
  recorder.start(250);
  return {
    async frame(image, ms) {
      ctx.fillStyle = background;
      ctx.fillRect(0, 0, width, height);
      const scale = Math.min(width / image.width, height / image.height);
      ctx.drawImage(image, 0, 0, image.width * scale, image.height * scale);
      await new Promise((r) => window.setTimeout(r, ms));
    },
    stop: () =>
      new Promise((resolve) => {
        recorder.onstop = () => resolve(new Blob(chunks, { type: 'video/webm' }));
        recorder.stop();
      }),
  };
}
