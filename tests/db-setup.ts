// vitest globalSetup: migrates once per run what every database test file starts from
// (tests/db.ts, docs/decisions/0024-fast-tests.md). PGlite: the migrated data directory dumped
// to a file (uncompressed: it loads about twice as fast as gzip). PostgreSQL (TEST_DATABASE_URL):
// a migrated template database. The worker processes inherit the environment set here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@/server/db/client';
import { PGLITE_SNAPSHOT_ENV, POSTGRES_TEMPLATE_ENV, adminQuery, databaseUrl, uniqueDatabaseName } from './db';

export async function setup(): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = uniqueDatabaseName('shop_template');
    await adminQuery(adminUrl, `create database "${template}"`);
    const handle = await openDatabase({ url: databaseUrl(adminUrl, template) });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    process.env[POSTGRES_TEMPLATE_ENV] = template;
    return async () => {
      delete process.env[POSTGRES_TEMPLATE_ENV];
      await adminQuery(adminUrl, `drop database if exists "${template}" with (force)`);
    };
  }
  const handle = await openDatabase({});
  let snapshot: Blob;
  try {
    await handle.migrate();
    snapshot = await handle.dumpDataDir!('none');
  } finally {
    await handle.close();
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-db-'));
  const file = path.join(folder, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  process.env[PGLITE_SNAPSHOT_ENV] = file;
  return async () => {
    delete process.env[PGLITE_SNAPSHOT_ENV];
    fs.rmSync(folder, { recursive: true, force: true });
  };
}
