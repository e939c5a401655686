// Lighthouse in mobile mode (its default: a mid-range phone, simulated slow 4G and 4x CPU
// slowdown) on the home page, /store and a product page, five runs each, driving the system
// Chromium; prints the median performance score, LCP, CLS and TBT per page
// (docs/decisions/0042-page-weight.md).
//   npx tsx scripts/bench/lighthouse.ts                         # builds if stale, starts the shop on PGlite
//   npx tsx scripts/bench/lighthouse.ts --quick                 # one run per page
//   npx tsx scripts/bench/lighthouse.ts --url http://127.0.0.1:4321   # a shop already running
// Without --url it starts the built server itself (own PGlite data folder, own port, removed
// afterwards). A part of `npm run bench` (scripts/bench/types.ts): it measures, never fails.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { BenchContext, BenchFigure, BenchSection } from './types';
import { benchPort, median } from './harness';
import { freshShopDatabase, startMailSink, startShop } from './shop';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Without the last two Chromium floods this machine's closed network with refused connections.
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'store', path: '/store' },
  { name: 'product', path: '/product/1' },
];

export interface LighthouseRun {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
}

/** One Lighthouse run (performance category only, mobile defaults) on a fresh Chromium. */
async function runOnce(url: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message} (${url})`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbtMs: audit('total-blocking-time'),
      fcpMs: audit('first-contentful-paint'),
    };
  } finally {
    chrome.kill();
  }
}

/** A run, tried again (twice at most) when Lighthouse reports a broken trace (NO_NAVSTART and the like happen on a busy machine). */
async function runWithRetries(url: string, log: (line: string) => void): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url);
    } catch (error) {
      if (attempt >= 3) throw error;
      log(`lighthouse: ${error instanceof Error ? error.message : String(error)}; trying again`);
    }
  }
}

/** Runs every page `runs` times against `base` and returns the section of figures (medians). */
export async function measure(base: string, runs: number, log: (line: string) => void): Promise<BenchSection> {
  const figures: BenchFigure[] = [];
  // One warm-up load per page, so the first measured run does not pay for a cold server.
  for (const page of PAGES) await fetch(base + page.path).then((r) => r.arrayBuffer());
  for (const page of PAGES) {
    const results: LighthouseRun[] = [];
    for (let i = 0; i < runs; i++) {
      const run = await runWithRetries(base + page.path, log);
      log(
        `lighthouse: ${page.name} run ${i + 1}/${runs}: score ${run.score}, LCP ${run.lcpMs.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, TBT ${run.tbtMs.toFixed(0)} ms`,
      );
      results.push(run);
    }
    const pick = (key: keyof LighthouseRun) => median(results.map((r) => r[key]));
    figures.push(
      { figure: `Lighthouse mobile performance, ${page.name} (${page.path})`, value: String(pick('score')), goal: '100' },
      { figure: `LCP, ${page.name}`, value: `${(pick('lcpMs') / 1000).toFixed(2)} s`, goal: '< 1.5 s' },
      { figure: `CLS, ${page.name}`, value: pick('cls').toFixed(3), goal: '0' },
      { figure: `TBT, ${page.name}`, value: `${pick('tbtMs').toFixed(0)} ms` },
    );
  }
  return {
    title: 'Lighthouse (mobile, simulated throttling)',
    figures,
    notes: [
      `Medians of ${runs} run${runs === 1 ? '' : 's'} per page: \`npx tsx scripts/bench/lighthouse.ts\` (Lighthouse ${lighthouseVersion()}, ` +
        'the npm package, mobile form factor with its default simulated throttling, headless system Chromium), ' +
        'against the built shop started as `npm start` starts it (production mode, scripts/bench/shop.ts) on a fresh PGlite catalog of the seeded 143 products.',
    ],
  };
}

function lighthouseVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(appDir, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string };
    return pkg.version;
  } catch {
    return '?';
  }
}

/** The bench part: starts its own shop unless LIGHTHOUSE_URL names one; five runs per page (one with --quick). */
export async function run(context: BenchContext, options: { url?: string; port?: number } = {}): Promise<BenchSection> {
  const runs = context.quick ? 1 : 5;
  const url = options.url ?? process.env.LIGHTHOUSE_URL;
  if (url) return measure(url.replace(/\/$/, ''), runs, context.log);
  const database = await freshShopDatabase('lighthouse', null);
  const mail = await startMailSink();
  try {
    const port = options.port ?? benchPort('lighthouse');
    context.log(`lighthouse: starting the shop on port ${port} (PGlite in ${database.dataDir})`);
    const shop = await startShop(database, { port, smtpUrl: mail.url });
    try {
      return await measure(shop.base, runs, context.log);
    } finally {
      await shop.stop();
    }
  } finally {
    await mail.close();
    await database.remove();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { quick: { type: 'boolean', default: false }, url: { type: 'string' }, port: { type: 'string' } },
  });
  const section = await run(
    { postgresUrl: null, quick: values.quick, log: (line) => console.error(line) },
    { url: values.url, port: values.port ? Number(values.port) : undefined },
  );
  console.log(`\n${section.title}`);
  for (const f of section.figures) console.log(`  ${f.figure.padEnd(52)} ${f.value.padStart(8)}${f.goal ? `   (goal ${f.goal})` : ''}`);
  for (const note of section.notes ?? []) console.log(`  ${note}`);
}
