// Backup and restore of either engine (docs/operations.md, docs/decisions/0015-database-faults-and-operations.md).
// PostgreSQL: pg_dump's custom format (-Fc), restored with pg_restore in one transaction.
// PGlite: its whole data directory as a gzipped tarball (dumpDataDir), restored with loadDataDir
// into a new directory. PGlite belongs to one process: stop the shop before either.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { openDatabase } from './client';

export interface DatabaseLocation {
  /** PostgreSQL when set; otherwise PGlite in dataDir. */
  url?: string | undefined;
  dataDir: string;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** A custom-format pg_dump starts with these bytes; a gzip file with 1f 8b. */
const PG_DUMP_MAGIC = 'PGDMP';
const GZIP_MAGIC = [0x1f, 0x8b];

export function backupExtension(location: DatabaseLocation): string {
  return location.url ? 'dump' : 'tar.gz';
}

/**
 * The URL without its password, and the password for the PGPASSWORD variable: a password on the
 * command line would be visible to every user of the machine (ps).
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${command} is not installed (Debian: apt-get install postgresql-client)`
            : `${command} failed to start: ${error.message}`,
        ),
      ),
    );
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`)),
    );
  });
}

/** Writes a backup of the database to `file`; answers its size in bytes. */
export async function backupDatabase(location: DatabaseLocation, file: string): Promise<number> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (location.url) {
    const { dbname, env } = connection(location.url);
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`], env);
  } else {
    if (!fs.existsSync(path.join(location.dataDir, 'PG_VERSION')))
      throw new BackupError(`there is no PGlite database in ${location.dataDir}`);
    const handle = await openDatabase({ dataDir: location.dataDir });
    try {
      const tarball = await handle.dumpDataDir!();
      fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    } finally {
      await handle.close();
    }
  }
  return fs.statSync(file).size;
}

function startsWith(file: string, bytes: number[]): boolean {
  const head = Buffer.alloc(bytes.length);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, bytes.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  return bytes.every((b, i) => head[i] === b);
}

/**
 * Restores `file` into the database. PostgreSQL: into the database of the URL (best a new, empty
 * one), replacing what the backup holds, in one transaction. PGlite: into dataDir, which must be
 * empty or absent (with `replace`, an existing one is kept aside as dataDir.before-restore-TIME).
 */
export async function restoreDatabase(
  location: DatabaseLocation,
  file: string,
  { replace = false, now = new Date() } = {},
): Promise<{ keptAside?: string }> {
  if (!fs.existsSync(file)) throw new BackupError(`no backup file at ${file}`);
  if (location.url) {
    if (!startsWith(file, [...Buffer.from(PG_DUMP_MAGIC)]))
      throw new BackupError(`${file} is not a PostgreSQL backup (pg_dump -Fc); DATABASE_URL is set, so a PostgreSQL backup is expected`);
    const { dbname, env } = connection(location.url);
    await run(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--clean', '--if-exists', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, file],
      env,
    );
    return {};
  }
  if (!startsWith(file, GZIP_MAGIC))
    throw new BackupError(
      `${file} is not a PGlite backup (a .tar.gz from npm run backup); DATABASE_URL is unset, so a PGlite backup is expected`,
    );
  let keptAside: string | undefined;
  if (fs.existsSync(location.dataDir) && fs.readdirSync(location.dataDir).length > 0) {
    if (!replace)
      throw new BackupError(
        `${location.dataDir} already holds a database: restore into an empty folder, or pass --replace to keep the current one aside`,
      );
    keptAside = `${location.dataDir}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(location.dataDir, keptAside);
  }
  const tarball = new Blob([fs.readFileSync(file)]);
  try {
    const handle = await openDatabase({ dataDir: location.dataDir, loadDataDir: tarball });
    await handle.close();
  } catch (error) {
    // Nothing half-restored stays: the folder goes back to what it was.
    fs.rmSync(location.dataDir, { recursive: true, force: true });
    if (keptAside) fs.renameSync(keptAside, location.dataDir);
    throw error;
  }
  return keptAside ? { keptAside } : {};
}
