import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4399);
/** The e2e server's data folder; specs read mail from its outbox/ (docs/decisions/0021-email.md's development outbox). */
export const e2eDataDir = process.env.E2E_DATA_DIR ?? `${process.env.TMPDIR ?? '/tmp'}/shop-e2e-${port}`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Without these flags Chromium floods this machine's closed network with refused connections.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Journeys that change what every other spec reads run after every other spec, desktop then
 * mobile: the home page editor's (docs/decisions/0050-home-blocks.md#consequences), and the CSV
 * import's, whose 1,000 products make the shop a large catalog with its in-memory counts
 * (docs/decisions/0048-product-csv.md).
 */
const HOME_EDITING = /(admin-home|admin-product-import)(\.mobile)?\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace slows every test; CI retries a failure once, and that retry is traced.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromium, args: chromiumArgs },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testIgnore: [/\.mobile\.spec\.ts$/, HOME_EDITING],
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
      testMatch: /\.mobile\.spec\.ts$/,
      testIgnore: HOME_EDITING,
    },
    {
      name: 'home-editing-desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testMatch: /(admin-home|admin-product-import)\.spec\.ts$/,
      dependencies: ['desktop', 'mobile'],
    },
    {
      name: 'home-editing-mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
      testMatch: /(admin-home|admin-product-import)\.mobile\.spec\.ts$/,
      dependencies: ['home-editing-desktop'],
    },
  ],
  webServer: {
    command: 'npx tsx scripts/e2e-server.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // A live-chat address on a host the specs answer themselves (csp.spec.ts), so the idle loader runs.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      E2E_DATA_DIR: e2eDataDir,
      LIVE_CHAT_SCRIPT_URL: 'https://chat.example.test/widget.js',
      // The shop issues tax invoices (docs/decisions/0051-tax-invoices.md): invoices.spec.ts downloads one.
      SHOP_TRN: '100123456700003',
    },
    stdout: 'pipe',
  },
});
