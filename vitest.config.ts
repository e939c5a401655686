import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Migrates once per run what each database test file starts from (tests/db.ts).
    globalSetup: ['tests/db-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: PGlite per file is memory- and CPU-heavy, so keep parallelism modest.
    maxWorkers: 2,
  },
});
