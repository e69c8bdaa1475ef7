import { defineConfig } from 'vitest/config';

/** Unit tests run in plain Node: the engine must not need a DOM. */
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Component tests that need a DOM opt in per file with `// @vitest-environment happy-dom` (not installed yet).
  },
});
