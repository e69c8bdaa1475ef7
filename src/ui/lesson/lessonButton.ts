/** The lesson controls' button style (the lessons drawer and the dock share it). */
export const lessonButton = 'rounded border border-slate-500 bg-white px-3 py-1 text-lg font-semibold hover:bg-slate-100 disabled:opacity-50 dark:bg-slate-800 dark:hover:bg-slate-700';
