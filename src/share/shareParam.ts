/** The URL hash parameter that carries the share text (its own module: the page checks for it without loading the codec). */
export const SHARE_PARAM = 'share';
