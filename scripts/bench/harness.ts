// The pure parts of `npm run bench` (scripts/bench.ts): the parts and their order, the flags, the
// terminal tables and docs/performance.md. Nothing here measures, starts or reads anything, so
// scripts/bench/harness.test.ts checks it without a server.
import type { BenchSection } from './types';

/**
 * Every part, in the order the harness runs them: one at a time (two cores), the throughput
 * figures first while the machine is quietest, the long memory rounds last. `file` is the module
 * under scripts/bench/ that exports `run` (a BenchPart); `title` heads its section while the part
 * is missing or failed.
 */
export const PARTS = [
  { name: 'throughput', title: 'Static files and cached pages', what: 'page and static-file throughput (autocannon)' },
  { name: 'search', title: 'Search', what: 'live search percentiles at 100,000 and 1,000,000 products, relevance set' },
  { name: 'filters', title: 'Filters', what: '/store filter and sort percentiles at 1,000,000 products, facet counts' },
  { name: 'checkout', title: 'Checkout under load', what: '50 shoppers placing orders at once on PostgreSQL' },
  { name: 'javascript', title: 'JavaScript per page', what: 'gzip bytes each page loads before the first interaction' },
  { name: 'lighthouse', title: 'Lighthouse', what: 'mobile medians of five runs on home, store and a product page' },
  { name: 'memory', title: 'Memory', what: 'server RSS after a mixed load of 50 connections, five rounds' },
] as const;

/**
 * Every benchmark server's port: BENCH_PORT_BASE (default 4410) plus its offset here. One table, so
 * no two servers of a run share a port, and one variable moves them all (a shared machine gives each
 * user a range: BENCH_PORT_BASE=4470 puts them on 4471-4477).
 */
export const BENCH_PORT_OFFSETS = {
  'hash-flood': 1,
  'memory-postgres': 2,
  throughput: 3,
  'memory-pglite': 4,
  lighthouse: 5,
  checkout: 6,
  javascript: 7,
} as const;

export function benchPort(server: keyof typeof BENCH_PORT_OFFSETS, env: NodeJS.ProcessEnv = process.env): number {
  const base = env.BENCH_PORT_BASE === undefined || env.BENCH_PORT_BASE === '' ? 4410 : Number(env.BENCH_PORT_BASE);
  if (!Number.isInteger(base) || base < 1024 || base > 65_000)
    throw new Error(`BENCH_PORT_BASE=${env.BENCH_PORT_BASE}: a port number from 1024 to 65000`);
  return base + BENCH_PORT_OFFSETS[server];
}

export type PartName = (typeof PARTS)[number]['name'];
const PART_NAMES: readonly string[] = PARTS.map((p) => p.name);

export interface BenchFlags {
  /** Only these parts (in the harness's order), or every part. */
  only: PartName[] | null;
  quick: boolean;
  /** Keep the large catalogs of a previous run (BenchContext.reuseCatalogs): no build figure then. */
  reuseCatalogs: boolean;
  /** Write docs/performance.md (false with --no-write: print only). */
  write: boolean;
  help: boolean;
}

export class UsageError extends Error {}

export const USAGE = `Usage: npm run bench [-- --only PART[,PART…]] [--quick] [--reuse-catalogs] [--no-write]
  --only            run these parts only (docs/performance.md keeps the other parts' last figures)
  --quick           smaller data, shorter and fewer runs: to try the command, not for the figures
  --reuse-catalogs  keep the 1,000,000-product catalog of a previous run instead of building and timing it again
  --no-write        print the figures without writing docs/performance.md
BENCH_PORT_BASE moves every server's port (default 4410: ports 4411 to 4417).
The command exits 1 when a part failed (its section says why), else 0: figures never fail it.
Parts, in the order they run:
${PARTS.map((p) => `  ${p.name.padEnd(11)} ${p.what}`).join('\n')}`;

/** The command line after `npm run bench --`; unknown flags and parts are refused with the reason. */
export function parseFlags(argv: readonly string[]): BenchFlags {
  const flags: BenchFlags = { only: null, quick: false, reuseCatalogs: false, write: true, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--quick') flags.quick = true;
    else if (arg === '--no-write') flags.write = false;
    else if (arg === '--reuse-catalogs') flags.reuseCatalogs = true;
    else if (arg === '--help' || arg === '-h') flags.help = true;
    else if (arg === '--only' || arg.startsWith('--only=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      if (value === undefined || value.startsWith('--') || value.trim() === '')
        throw new UsageError(`--only needs a list of parts, e.g. --only memory,javascript (parts: ${PART_NAMES.join(', ')})`);
      const asked = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const unknown = asked.filter((name) => !PART_NAMES.includes(name));
      if (unknown.length > 0)
        throw new UsageError(`No part named ${unknown.map((u) => `"${u}"`).join(', ')} (parts: ${PART_NAMES.join(', ')})`);
      const chosen = new Set([...(flags.only ?? []), ...asked]);
      flags.only = PARTS.filter((p) => chosen.has(p.name)).map((p) => p.name);
    } else throw new UsageError(`Unknown argument: ${arg}\n${USAGE}`);
  }
  return flags;
}

/** A plain-text table, each column as wide as its widest cell, for the terminal. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, c) => cell.padEnd(widths[c]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** What became of one part in one run. */
export type PartOutcome =
  | { status: 'measured'; section: BenchSection }
  | { status: 'missing'; file: string }
  | { status: 'failed'; error: string; section?: BenchSection };

export interface PartResult {
  name: PartName;
  outcome: PartOutcome;
  /** When the part started, and how long it took. */
  startedAt: Date;
  elapsedMs: number;
  quick: boolean;
}

function partTitle(name: PartName): string {
  return PARTS.find((p) => p.name === name)!.title;
}

function titleOf(result: PartResult): string {
  const { outcome } = result;
  if (outcome.status === 'missing') return partTitle(result.name);
  return outcome.section?.title ?? partTitle(result.name);
}

const figureRows = (section: BenchSection | undefined) => (section?.figures ?? []).map((f) => [f.figure, f.value, f.goal ?? '']);

/** One part's section for the terminal: title, the figures' table, notes, or why there are none. */
export function sectionText(result: PartResult): string {
  const { outcome } = result;
  const heading = `== ${titleOf(result)} (${result.name}, ${formatDuration(result.elapsedMs)}) ==`;
  const lines = [heading];
  if (outcome.status === 'missing') lines.push(`part missing: ${outcome.file} is not in this tree`);
  if (outcome.status === 'failed') lines.push(`FAILED: ${outcome.error}`);
  const section = outcome.status === 'missing' ? undefined : outcome.section;
  if (section && section.figures.length > 0) lines.push(formatTable(['figure', 'value', 'goal'], figureRows(section)));
  for (const note of section?.notes ?? []) lines.push(`  - ${note}`);
  return lines.join('\n');
}

export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** A table cell: one line, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [
    `| ${header.map(cell).join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');
}

/** `2026-11-27 19:50 UTC` */
export function formatDate(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const BEGIN = (name: string) => `<!-- bench:${name} -->`;
const END = (name: string) => `<!-- /bench:${name} -->`;

/** One part's block of docs/performance.md, between markers so a later `--only` run can keep it. */
export function sectionMarkdown(result: PartResult): string {
  const { outcome } = result;
  const lines = [BEGIN(result.name), `## ${titleOf(result)}`, ''];
  const reproduce = `Reproduce: \`npm run bench -- --only ${result.name}\`.`;
  if (outcome.status === 'missing') {
    lines.push(
      `Not measured (run of ${formatDate(result.startedAt)}): the part, \`${outcome.file}\`, is not in this tree yet. ${reproduce}`,
    );
    lines.push('', END(result.name));
    return lines.join('\n');
  }
  lines.push(
    `Measured ${formatDate(result.startedAt)}${result.quick ? ', **quick run** (smaller data, shorter runs: not the figures to compare)' : ''}, ` +
      `in ${formatDuration(result.elapsedMs)}. ${reproduce}`,
  );
  lines.push('');
  if (outcome.status === 'failed') lines.push(`**The part failed:** ${cell(outcome.error)}`, '');
  const section = outcome.section;
  if (section && section.figures.length > 0) lines.push(markdownTable(['figure', 'value', 'goal'], figureRows(section)), '');
  for (const note of section?.notes ?? []) lines.push(`- ${note}`);
  if (section?.notes?.length) lines.push('');
  lines.push(END(result.name));
  return lines.join('\n');
}

/** The blocks of a previous docs/performance.md, by part name. */
export function previousSections(markdown: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const name of PART_NAMES) {
    const start = markdown.indexOf(BEGIN(name));
    const end = markdown.indexOf(END(name), start);
    if (start >= 0 && end > start) found.set(name, markdown.slice(start, end + END(name).length));
  }
  return found;
}

export interface Machine {
  cores: number;
  cpu: string;
  ramBytes: number;
  node: string;
  os: string;
  /** e.g. `PostgreSQL 15.8 at 127.0.0.1:5432`, or why there is none. */
  postgres: string;
}

export interface RunSummary {
  startedAt: Date;
  elapsedMs: number;
  quick: boolean;
  machine: Machine;
  results: PartResult[];
}

/**
 * docs/performance.md: the run, the machine, how to reproduce, then one section per part in the
 * harness's order. Parts this run did not measure keep their block from `previous` (a
 * `--only` run), or say they were never measured.
 */
export function performanceMarkdown(run: RunSummary, previous: string | null = null): string {
  const kept = previous ? previousSections(previous) : new Map<string, string>();
  const { machine } = run;
  const ran = run.results.map((r) => r.name);
  const lines = [
    '# Performance',
    '',
    'Written by `npm run bench` (scripts/bench.ts): do not edit by hand, the next run replaces it. Benchmarks print',
    'figures and never pass or fail; tests check behaviour. Each section says when it was measured and the command',
    'that measures it again; figures taken on a busy machine are noisy, so compare figures from one run only.',
    '',
    '## The run',
    '',
    markdownTable(
      ['', ''],
      [
        ['last run', `${formatDate(run.startedAt)}, ${run.quick ? 'quick (`--quick`)' : 'full'}, ${formatDuration(run.elapsedMs)}`],
        ['parts run', ran.length === PARTS.length ? 'all' : ran.join(', ')],
        ['cores', `${machine.cores} (${machine.cpu})`],
        ['RAM', `${(machine.ramBytes / 2 ** 30).toFixed(1)} GiB`],
        ['Node', machine.node],
        ['system', machine.os],
        ['PostgreSQL', machine.postgres],
      ],
    ),
    '',
    '## How to reproduce',
    '',
    '```sh',
    'npm run bench                          # every part, one after another (builds the shop first if sources changed)',
    'npm run bench -- --only memory,search  # some parts; the others keep their figures below',
    'npm run bench -- --quick               # smaller data and shorter runs, to try the command',
    'npm run bench -- --reuse-catalogs      # keep the 1,000,000-product catalog of a previous run (no build figure)',
    'BENCH_PORT_BASE=4470 npm run bench     # the servers on ports 4471 to 4477 instead of 4411 to 4417',
    'BENCH_DATABASE_URL=postgres://user@host:5432/postgres npm run bench   # another PostgreSQL server',
    '```',
    '',
    'The parts use PostgreSQL at `BENCH_DATABASE_URL` (an admin URL: they create and drop their own `bench_` databases),',
    'else 127.0.0.1:5432 when it answers, else PGlite only. Start nothing yourself: each part starts the servers it',
    'measures, on their own ports, and stops them.',
    '',
  ];
  for (const part of PARTS) {
    const result = run.results.find((r) => r.name === part.name);
    if (result) lines.push(sectionMarkdown(result), '');
    else if (kept.has(part.name)) lines.push(kept.get(part.name)!, '');
    else
      lines.push(
        BEGIN(part.name),
        `## ${part.title}`,
        '',
        `Not measured yet: \`npm run bench -- --only ${part.name}\` (${part.what}).`,
        END(part.name),
        '',
      );
  }
  return lines.join('\n').replace(/\n+$/, '\n');
}

/** The p-th percentile (nearest rank) of ascending numbers; NaN for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The median of numbers in any order; NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
