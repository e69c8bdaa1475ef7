/** Small form pieces shared by the what-if forms: labelled inputs and buttons in the app's style. */
import type { ReactNode } from 'react';

export const inputClass = 'rounded border border-slate-500 bg-white px-2 py-1 text-base placeholder:text-slate-600 dark:bg-slate-800 dark:placeholder:text-slate-300';
export const primaryButton = 'rounded bg-teal-800 px-3 py-1 font-semibold text-white hover:bg-teal-700 disabled:opacity-50';
export const secondaryButton = 'rounded border-2 border-teal-800 px-3 py-1 font-semibold text-teal-900 disabled:opacity-50 dark:border-teal-400 dark:text-teal-100';
export const dangerButton = 'rounded border border-red-800 px-2 py-0.5 text-red-900 dark:border-red-300 dark:text-red-200';
export const card = 'rounded-lg border border-slate-300 p-3 dark:border-slate-600';

export function Field({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <label className={`flex flex-col gap-1 ${className}`}>
      <span className="text-sm font-semibold text-slate-700 dark:text-slate-300">{label}</span>
      {children}
    </label>
  );
}

export function Select<T extends string>({ label, value, options, onChange, testId, disabled }: { label: string; value: T; options: readonly T[]; onChange: (v: T) => void; testId?: string; disabled?: boolean }) {
  return (
    <Field label={label}>
      <select data-testid={testId} className={inputClass} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function Check({ label, checked, onChange, testId, disabled }: { label: string; checked: boolean; onChange: (v: boolean) => void; testId?: string; disabled?: boolean }) {
  return (
    <label className="flex items-center gap-2">
      <input type="checkbox" className="h-5 w-5" data-testid={testId} checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

/** Parses an optional integer field: '' → undefined, else the number (NaN → undefined). */
export function intOrUndefined(s: string): number | undefined {
  if (s.trim() === '') return undefined;
  const n = Number(s);
  return Number.isInteger(n) ? n : undefined;
}
