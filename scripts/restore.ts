// npm run restore -- FILE [--replace]
// Restores a backup made by `npm run backup` into the configured database: PostgreSQL (best a
// new, empty database named by DATABASE_URL; pg_restore in one transaction) or PGlite in
// DATA_DIR/pglite (an empty folder; --replace keeps the current one aside). Stop the shop first.
// See docs/operations.md.
import path from 'node:path';
import { config } from '../src/server/config';
import { restoreDatabase } from '../src/server/db/backup';
import { describeDatabase } from '../src/server/db/wait';
import { exitWithReason } from './prepare-db';

const { DATABASE_URL, DATA_DIR } = config();
const location = { url: DATABASE_URL, dataDir: path.resolve(DATA_DIR, 'pglite') };
const args = process.argv.slice(2);
const replace = args.includes('--replace');
const files = args.filter((a) => a !== '--replace');
if (files.length !== 1 || files[0]!.startsWith('-')) {
  console.error('Usage: npm run restore -- FILE [--replace]');
  process.exit(2);
}
const file = path.resolve(files[0]!);
try {
  const { keptAside } = await restoreDatabase(location, file, { replace });
  console.log(
    `Restored ${file} into ${describeDatabase(DATABASE_URL, location.dataDir)}.${keptAside ? ` The previous database is kept in ${keptAside}.` : ''}`,
  );
} catch (error) {
  exitWithReason('restore failed', error);
}
