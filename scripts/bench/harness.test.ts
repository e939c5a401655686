// The pure parts of `npm run bench` (scripts/bench/harness.ts): the flags, the terminal table and
// docs/performance.md, including what a `--only` run keeps from the previous file.
import { describe, expect, it } from 'vitest';
import {
  BENCH_PORT_OFFSETS,
  PARTS,
  UsageError,
  benchPort,
  formatDuration,
  formatTable,
  median,
  parseFlags,
  percentile,
  performanceMarkdown,
  previousSections,
  sectionText,
  type PartResult,
  type RunSummary,
} from './harness';
import { entryScripts, staticImports } from './javascript';

const machine = {
  cores: 2,
  cpu: 'Test CPU',
  ramBytes: 8 * 2 ** 30,
  node: 'v22.23.3',
  os: 'Linux 6 x64',
  postgres: 'PostgreSQL 15.20 at 127.0.0.1:5432',
};

function measured(name: PartResult['name'], value: string, startedAt = new Date('2026-11-27T20:00:00Z')): PartResult {
  return {
    name,
    startedAt,
    elapsedMs: 65_000,
    quick: false,
    outcome: {
      status: 'measured',
      section: {
        title: `Title of ${name}`,
        figures: [{ figure: `${name} figure`, value, goal: '< 400 MiB' }],
        notes: ['How it was taken.'],
      },
    },
  };
}

function run(results: PartResult[], overrides: Partial<RunSummary> = {}): RunSummary {
  return { startedAt: new Date('2026-11-27T20:00:00Z'), elapsedMs: 600_000, quick: false, machine, results, ...overrides };
}

describe('benchPort', () => {
  it('gives every server its own port, all moved by BENCH_PORT_BASE', () => {
    const servers = Object.keys(BENCH_PORT_OFFSETS) as (keyof typeof BENCH_PORT_OFFSETS)[];
    const ports = servers.map((s) => benchPort(s, { BENCH_PORT_BASE: '4470' }));
    expect(new Set(ports).size).toBe(servers.length);
    expect(Math.min(...ports)).toBeGreaterThan(4470);
    expect(Math.max(...ports)).toBeLessThan(4480);
    expect(benchPort('throughput', {})).toBe(4410 + BENCH_PORT_OFFSETS.throughput);
  });

  it('refuses a base that is no port', () => {
    expect(() => benchPort('memory-pglite', { BENCH_PORT_BASE: 'x' })).toThrow(/BENCH_PORT_BASE=x/);
    expect(() => benchPort('memory-pglite', { BENCH_PORT_BASE: '80' })).toThrow(/1024 to 65000/);
  });
});

describe('parseFlags', () => {
  it('runs every part, full size, and writes the page by default', () => {
    expect(parseFlags([])).toEqual({ only: null, quick: false, reuseCatalogs: false, write: true, help: false });
  });

  it('takes --only as one list or several, in either spelling, and orders the parts as the harness runs them', () => {
    expect(parseFlags(['--only', 'memory,javascript']).only).toEqual(['javascript', 'memory']);
    expect(parseFlags(['--only=memory', '--only', 'throughput']).only).toEqual(['throughput', 'memory']);
    expect(parseFlags(['--only', ' search , search ']).only).toEqual(['search']);
  });

  it('reads --quick, --no-write, --reuse-catalogs and --help', () => {
    expect(parseFlags(['--quick', '--no-write'])).toMatchObject({ quick: true, write: false, reuseCatalogs: false });
    expect(parseFlags(['--reuse-catalogs']).reuseCatalogs).toBe(true);
    expect(parseFlags(['-h']).help).toBe(true);
  });

  it('refuses unknown parts and flags, and --only without a list, naming the parts', () => {
    expect(() => parseFlags(['--only', 'memroy'])).toThrow(/No part named "memroy" \(parts: throughput, search/);
    expect(() => parseFlags(['--only'])).toThrow(UsageError);
    expect(() => parseFlags(['--only', '--quick'])).toThrow(/--only needs a list of parts/);
    expect(() => parseFlags(['--fast'])).toThrow(/Unknown argument: --fast/);
  });
});

describe('formatTable', () => {
  it('pads every column to its widest cell, under a header and a rule', () => {
    expect(
      formatTable(
        ['figure', 'value'],
        [
          ['RSS', '180 MiB'],
          ['peak RSS (VmHWM)', '2 MiB'],
        ],
      ),
    ).toBe(['figure            value', '----------------  -------', 'RSS               180 MiB', 'peak RSS (VmHWM)  2 MiB'].join('\n'));
  });

  it('fills missing cells', () => {
    expect(formatTable(['a', 'goal'], [['x']]).split('\n')[2]).toBe('x');
  });
});

describe('sectionText', () => {
  it('prints the figures with their goals and the notes', () => {
    const text = sectionText(measured('memory', '210 MiB'));
    expect(text).toContain('== Title of memory (memory, 1 min 5 s) ==');
    expect(text).toMatch(/memory figure\s+210 MiB\s+< 400 MiB/);
    expect(text).toContain('  - How it was taken.');
  });

  it('says when a part is missing or failed', () => {
    const missing: PartResult = { ...measured('search', ''), outcome: { status: 'missing', file: 'scripts/bench/search.ts' } };
    expect(sectionText(missing)).toContain('== Search (search, 1 min 5 s) ==\npart missing: scripts/bench/search.ts is not in this tree');
    const failed: PartResult = { ...measured('filters', ''), outcome: { status: 'failed', error: 'Error: no catalog' } };
    expect(sectionText(failed)).toContain('FAILED: Error: no catalog');
  });
});

describe('performanceMarkdown', () => {
  it('gives the run, the machine, how to reproduce, and one section per part in the harness order', () => {
    const page = performanceMarkdown(run([measured('memory', '210 MiB'), measured('throughput', '0.7 of static')]));
    expect(page).toMatch(/^# Performance\n/);
    expect(page).toContain('| last run | 2026-11-27 20:00 UTC, full, 10 min 0 s |');
    expect(page).toContain('| cores | 2 (Test CPU) |');
    expect(page).toContain('| RAM | 8.0 GiB |');
    expect(page).toContain('| PostgreSQL | PostgreSQL 15.20 at 127.0.0.1:5432 |');
    expect(page).toContain('npm run bench -- --quick');
    expect(page).toContain('| figure | value | goal |\n|---|---|---|\n| memory figure | 210 MiB | < 400 MiB |');
    expect(page).toContain('Reproduce: `npm run bench -- --only memory`.');
    const order = PARTS.map((p) => page.indexOf(`<!-- bench:${p.name} -->`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(page).toContain('Not measured yet: `npm run bench -- --only search`');
    expect(page.endsWith('<!-- /bench:memory -->\n')).toBe(true);
  });

  it('marks a quick run, a missing part and a failed one', () => {
    const page = performanceMarkdown(
      run(
        [
          { ...measured('memory', '1'), quick: true },
          { ...measured('search', ''), outcome: { status: 'missing', file: 'scripts/bench/search.ts' } },
          { ...measured('filters', ''), outcome: { status: 'failed', error: 'a | b\nc' } },
        ],
        { quick: true },
      ),
    );
    expect(page).toContain('quick (`--quick`)');
    expect(page).toContain('**quick run**');
    expect(page).toContain('Not measured (run of 2026-11-27 20:00 UTC): the part, `scripts/bench/search.ts`, is not in this tree yet.');
    expect(page).toContain('**The part failed:** a \\| b c');
  });

  it('escapes pipes and line breaks inside table cells', () => {
    const page = performanceMarkdown(run([measured('memory', 'a|b\nc')]));
    expect(page).toContain('| memory figure | a\\|b c | < 400 MiB |');
  });

  it('keeps the sections of parts a --only run did not measure, and replaces those it did', () => {
    const first = performanceMarkdown(
      run([measured('memory', 'OLD memory'), measured('search', 'OLD search', new Date('2026-11-01T08:00:00Z'))]),
    );
    const second = performanceMarkdown(run([measured('memory', 'NEW memory')]), first);
    expect(second).toContain('NEW memory');
    expect(second).not.toContain('OLD memory');
    expect(second).toContain('| search figure | OLD search | < 400 MiB |');
    expect(second).toContain('Measured 2026-11-01 08:00 UTC');
    expect(second).toContain('| parts run | memory |');
    expect(previousSections(second).size).toBe(PARTS.length);
    // Writing the same run over its own output changes nothing.
    expect(performanceMarkdown(run([measured('memory', 'NEW memory')]), second)).toBe(second);
  });
});

describe('figures', () => {
  it('percentile takes the nearest rank, median the middle', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('formats durations in seconds, then minutes', () => {
    expect(formatDuration(4_400)).toBe('4 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
  });
});

describe('the JavaScript part reads pages as a browser would', () => {
  it('finds script tags, module preloads, island components and renderers, and inline scripts but not JSON', () => {
    const html = `<script type="module" src="/_astro/page.a1.js"></script><link rel="modulepreload" href="/_astro/chunk.b2.js">
      <astro-island component-url="/_astro/Cart.c3.js" renderer-url="/_astro/client.d4.js?x=1&amp;y=2"></astro-island>
      <script>console.log(1)</script><script type="application/ld+json">{"a":1}</script>`;
    const found = entryScripts(html);
    expect(found.entries).toEqual(['/_astro/page.a1.js', '/_astro/chunk.b2.js', '/_astro/Cart.c3.js']);
    expect(found.renderers).toEqual(['/_astro/client.d4.js?x=1&y=2']);
    expect(found.inline).toEqual(['console.log(1)']);
  });

  it('leaves out a client:interact island, which loads nothing before the first interaction', () => {
    const html = `<astro-island uid="1" component-url="/_astro/Form.e5.js" renderer-url="/_astro/client.d4.js" client="interact"></astro-island>
      <astro-island uid="2" component-url="/_astro/Cart.c3.js" renderer-url="/_astro/client.d4.js" client="load"></astro-island>`;
    const found = entryScripts(html);
    expect(found.entries).toEqual(['/_astro/Cart.c3.js']);
    expect(found.renderers).toEqual(['/_astro/client.d4.js']);
    expect(entryScripts(html.replace(/<astro-island uid="2"[\s\S]*$/, '')).entries).toEqual([]);
  });

  it('follows static imports, not dynamic ones', () => {
    const source = 'import{a as b}from"./chunk.js";import"./side.js";export{x} from \'./re.js\';const m=()=>import("./later.js");';
    expect(staticImports(source)).toEqual(['./chunk.js', './side.js', './re.js']);
  });
});
