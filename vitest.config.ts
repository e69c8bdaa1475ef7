import { defineConfig } from 'vitest/config';

/** Unit tests run in plain Node: the engine must not need a DOM. */
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Property tests run hundreds of traces; on a loaded 2-core CI machine 5 s is too tight.
    // Speed is checked by `npm run bench`, never by test timeouts.
    testTimeout: 60_000,
    // Component tests that need a DOM opt in per file with `// @vitest-environment happy-dom` (not installed yet).
  },
});
