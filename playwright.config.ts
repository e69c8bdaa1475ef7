import { defineConfig } from '@playwright/test';

/**
 * e2e against the built app (`vite preview` of dist/) in the system Chromium.
 * Playwright never downloads a browser here: `npm run test:e2e` first makes
 * sure /usr/bin/chromium (or CHROMIUM_PATH) exists. E2E_PORT and E2E_DIST
 * let two runs share a machine.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
/** The built app to serve; parallel runs on one machine use their own `--outDir` and port. */
const dist = process.env.E2E_DIST ?? 'dist';
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  // The README's screenshots are made on purpose (`npm run screenshots`), not on every test run.
  // The page benchmark at 1,000 nodes (`npm run bench:page`) is a measurement, not a test of behaviour.
  testIgnore: [...(process.env.SCREENSHOTS ? [] : ['screenshots.spec.ts']), ...(process.env.PAGE_BENCH ? [] : ['scale.spec.ts'])],
  outputDir: 'test-results',
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  timeout: 30_000,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'en-US',
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort --outDir ${dist}`,
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
