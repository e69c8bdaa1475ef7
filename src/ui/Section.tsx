import type { ReactNode } from 'react';

/**
 * A titled card; `id` labels the region for screen readers. Off screen (below the fold, or further down a drawer) its
 * content is not laid out or painted (`content-visibility: auto`; its last size holds its place): after an edit on a
 * 1,000-node cluster, laying out the sections nobody was looking at was a 130 ms task (issue 18).
 */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm [contain-intrinsic-size:auto_40rem] [content-visibility:auto] dark:border-slate-600 dark:bg-slate-900">
      <h2 id={id} className="mb-3 text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
