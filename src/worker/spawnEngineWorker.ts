/**
 * Starts the engine worker as an ES module worker. Vite bundles the worker
 * from this exact `new Worker(new URL(...))` form, so keep it literal.
 */
export function spawnEngineWorker(): Worker {
  return new Worker(new URL('./engine.worker.ts', import.meta.url), {
    type: 'module',
    name: 'packetwalk-engine',
  });
}
