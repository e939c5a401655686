// The server the browser tests run against: the built shop on a fresh, seeded PGlite
// directory of its own, so tests never touch ./data and always start from the same catalog.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// A known folder (E2E_DATA_DIR, set by playwright.config.ts) so tests can read the mail outbox.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), 'shop-e2e');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
process.env.DATA_DIR = dataDir;
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;
// Every browser test signs up from 127.0.0.1: widen the per-address limits for this server only.
process.env.RATE_LIMIT_SCALE ??= '50';

const { prepareDatabase } = await import('./prepare-db');
const { startServer } = await import('./server');
await prepareDatabase(() => {});
// Staff accounts and sessions for the back-office specs (e2e/admin.fixtures.ts).
const { seedE2eStaff } = await import('./e2e-staff');
await seedE2eStaff(dataDir);
const port = Number(process.env.PORT ?? 4399);
const server = await startServer({ port, host: process.env.HOST ?? '127.0.0.1' });
console.log(`e2e server on http://127.0.0.1:${port} with data in ${dataDir}`);

const stop = () => {
  server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
