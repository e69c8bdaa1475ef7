/**
 * Types for the parts of gifenc (no bundled types) the GIF and slide exports
 * use. Its entry for Node and bundlers is CommonJS: import the default.
 */
declare module 'gifenc' {
  export type Palette = number[][];
  export interface FrameOptions {
    palette?: Palette;
    delay?: number;
    repeat?: number;
    transparent?: boolean;
    transparentIndex?: number;
    dispose?: number;
  }
  export interface Encoder {
    writeFrame(index: Uint8Array, width: number, height: number, options?: FrameOptions): void;
    finish(): void;
    bytes(): Uint8Array;
  }
  type Format = 'rgb565' | 'rgb444' | 'rgba4444';
  const gifenc: {
    GIFEncoder(options?: { auto?: boolean }): Encoder;
    quantize(rgba: Uint8Array | Uint8ClampedArray, maxColors: number, options?: { format?: Format }): Palette;
    applyPalette(rgba: Uint8Array | Uint8ClampedArray, palette: Palette, format?: Format): Uint8Array;
  };
  export default gifenc;
}
