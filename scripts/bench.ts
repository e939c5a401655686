// `npm run bench`: every benchmark part of docs/performance.md in one command. Builds the shop when
// sources changed, finds PostgreSQL, runs the parts (scripts/bench/<part>.ts, each exporting `run`,
// a BenchPart) one at a time in a fixed order, prints each part's figures as a table and writes
// docs/performance.md. A part that is missing or fails gets its section saying so; the rest still run.
//   npm run bench [-- --only memory,javascript] [--quick] [--reuse-catalogs] [--no-write]     (--help lists the parts)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale } from './build-if-stale';
import {
  PARTS,
  USAGE,
  UsageError,
  formatDuration,
  parseFlags,
  performanceMarkdown,
  sectionText,
  type Machine,
  type PartOutcome,
  type PartResult,
} from './bench/harness';
import type { BenchContext, BenchPart } from './bench/types';

const OUTPUT = 'docs/performance.md';
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The PostgreSQL server's version, or null when nothing answers at `url` within a few seconds. */
async function postgresVersion(url: string): Promise<string | null> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return rows[0]?.server_version ?? 'unknown version';
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

function where(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}`;
}

/** BENCH_DATABASE_URL, else the local server when it answers, else none (PGlite only). */
async function findPostgres(log: (line: string) => void): Promise<{ url: string | null; description: string }> {
  const asked = process.env.BENCH_DATABASE_URL;
  if (asked) {
    const version = await postgresVersion(asked);
    if (!version) throw new Error(`BENCH_DATABASE_URL (${where(asked)}) does not answer`);
    return { url: asked, description: `PostgreSQL ${version} at ${where(asked)} (BENCH_DATABASE_URL)` };
  }
  const version = await postgresVersion(LOCAL_POSTGRES);
  if (version) return { url: LOCAL_POSTGRES, description: `PostgreSQL ${version} at 127.0.0.1:5432` };
  log('No PostgreSQL (BENCH_DATABASE_URL unset, nothing answers on 127.0.0.1:5432): PGlite only, the PostgreSQL figures are skipped.');
  return { url: null, description: 'none: PGlite only (BENCH_DATABASE_URL unset, nothing on 127.0.0.1:5432)' };
}

function machine(postgres: string): Machine {
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    ramBytes: os.totalmem(),
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    postgres,
  };
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.stack?.split('\n').slice(0, 4).join(' / ') ?? error.message;
  return String(error);
}

async function runPart(name: (typeof PARTS)[number]['name'], context: BenchContext): Promise<PartOutcome> {
  const file = `scripts/bench/${name}.ts`;
  if (!fs.existsSync(path.resolve(file))) return { status: 'missing', file };
  let run: BenchPart;
  try {
    const module = (await import(pathToFileURL(path.resolve(file)).href)) as { run?: unknown };
    if (typeof module.run !== 'function') return { status: 'failed', error: `${file} exports no run function` };
    run = module.run as BenchPart;
  } catch (error) {
    return { status: 'failed', error: `could not load ${file}: ${errorText(error)}` };
  }
  try {
    return { status: 'measured', section: await run(context) };
  } catch (error) {
    return { status: 'failed', error: errorText(error) };
  }
}

async function main(): Promise<number> {
  let flags;
  try {
    flags = parseFlags(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  if (flags.help) {
    console.log(USAGE);
    return 0;
  }
  const started = new Date();
  const log = (line: string) => console.log(`  ${line}`);
  buildIfStale(log);
  const postgres = await findPostgres(log);
  const names = flags.only ?? PARTS.map((p) => p.name);
  console.log(`Benchmarks${flags.quick ? ' (quick)' : ''}: ${names.join(', ')}; database: ${postgres.description}\n`);

  // An error nothing awaited (an event emitter's, a stray rejection) is the running part's: it is
  // noted in that part's section instead of ending the whole run.
  let stray: string[] = [];
  const onStray = (error: unknown) => {
    stray.push(errorText(error));
    console.error(`  uncaught: ${errorText(error)}`);
  };
  process.on('uncaughtException', onStray);
  process.on('unhandledRejection', onStray);

  const results: PartResult[] = [];
  for (const name of names) {
    console.log(`-- ${name}`);
    const partStarted = new Date();
    stray = [];
    const context: BenchContext = {
      postgresUrl: postgres.url,
      quick: flags.quick,
      reuseCatalogs: flags.reuseCatalogs,
      log: (line) => log(`[${name}] ${line}`),
    };
    let outcome = await runPart(name, context);
    if (stray.length > 0) {
      const note = `errors nothing awaited while the part ran: ${stray.join('; ')}`;
      if (outcome.status === 'measured')
        outcome = { ...outcome, section: { ...outcome.section, notes: [...(outcome.section.notes ?? []), note] } };
      else if (outcome.status === 'failed') outcome = { ...outcome, error: `${outcome.error}; ${note}` };
    }
    const result: PartResult = { name, outcome, startedAt: partStarted, elapsedMs: Date.now() - partStarted.getTime(), quick: flags.quick };
    results.push(result);
    console.log(`\n${sectionText(result)}\n`);
  }

  const elapsedMs = Date.now() - started.getTime();
  if (flags.write) {
    const previous = fs.existsSync(OUTPUT) ? fs.readFileSync(OUTPUT, 'utf8') : null;
    const markdown = performanceMarkdown(
      { startedAt: started, elapsedMs, quick: flags.quick, machine: machine(postgres.description), results },
      previous,
    );
    fs.writeFileSync(OUTPUT, markdown);
    console.log(`Wrote ${OUTPUT}.`);
  }
  const failed = results.filter((r) => r.outcome.status !== 'measured').map((r) => `${r.name} (${r.outcome.status})`);
  console.log(`Done in ${formatDuration(elapsedMs)}${failed.length ? `; not measured: ${failed.join(', ')}` : ''}.`);
  return results.some((r) => r.outcome.status === 'failed') ? 1 : 0;
}

// Parts may leave handles (pools, timers) open; the figures are written, so end here: 1 when a
// part failed (its section says why), else 0. Figures never fail the command.
process.exit(await main());
