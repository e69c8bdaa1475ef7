/**
 * What the main thread gets back from the engine worker: a value, `stale` when
 * the scenario changed while the question was on its way, or an error message
 * (an engine exception, or a crashed worker) for the UI to show.
 */
export type Answer<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'stale' }
  | { kind: 'error'; message: string };

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  return String(error);
}
