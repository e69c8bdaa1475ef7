/** The pixel widths and step time of the exports (shared by the export jobs and bench/exports.ts). */
export const STEP_SECONDS = 1;
export const GIF_WIDTH = 960;
export const SLIDE_WIDTH = 1920;
export const VIDEO_WIDTH = 1280;
