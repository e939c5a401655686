// Migrates the configured database and seeds the catalog when it is empty. Exported for
// `npm start`; run alone (`npm run migrate`-like) before `astro dev`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { config } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { seedIfEmpty } from '../src/server/seed/seed.service';

export async function prepareDatabase(log: (line: string) => void = console.log): Promise<void> {
  const { DATABASE_URL, DATA_DIR } = config();
  const handle = await openDatabase({ url: DATABASE_URL, dataDir: path.resolve(DATA_DIR, 'pglite') });
  try {
    await handle.migrate();
    const seeded = await seedIfEmpty(handle.db, log);
    log(seeded ? 'Seeded the catalog.' : 'Catalog already present: kept the data.');
  } finally {
    // PGlite is single-process: close before the server opens the same directory.
    await handle.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await prepareDatabase();
}
