import type { ReactNode } from 'react';

/** A titled card; `id` labels the region for screen readers. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm dark:border-slate-600 dark:bg-slate-900">
      <h2 id={id} className="mb-3 text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
