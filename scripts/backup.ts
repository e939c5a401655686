// npm run backup [-- FILE]
// Backs up the configured database (DATABASE_URL, else PGlite in DATA_DIR/pglite) to FILE, by
// default backups/shop-<engine>-<time>.dump (PostgreSQL, pg_dump -Fc) or .tar.gz (PGlite).
// PGlite belongs to one process: stop the shop first. See docs/operations.md.
import path from 'node:path';
import { config } from '../src/server/config';
import { backupDatabase, backupExtension } from '../src/server/db/backup';
import { describeDatabase } from '../src/server/db/wait';
import { exitWithReason } from './prepare-db';

const { DATABASE_URL, DATA_DIR } = config();
const location = { url: DATABASE_URL, dataDir: path.resolve(DATA_DIR, 'pglite') };
const args = process.argv.slice(2);
if (args.length > 1 || args[0]?.startsWith('-')) {
  console.error('Usage: npm run backup [-- FILE]');
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = path.resolve(args[0] ?? `backups/shop-${DATABASE_URL ? 'postgres' : 'pglite'}-${stamp}.${backupExtension(location)}`);
try {
  const bytes = await backupDatabase(location, file);
  console.log(`Backed up ${describeDatabase(DATABASE_URL, location.dataDir)} to ${file} (${(bytes / 1024).toFixed(0)} KiB).`);
} catch (error) {
  exitWithReason('backup failed', error);
}
