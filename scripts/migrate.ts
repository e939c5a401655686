import path from 'node:path';
import { config } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';

const { DATABASE_URL, DATA_DIR } = config();
const handle = await openDatabase({ url: DATABASE_URL, dataDir: path.resolve(DATA_DIR, 'pglite') });
await handle.migrate();
await handle.close();
console.log(`Migrated the ${handle.kind} database.`);
