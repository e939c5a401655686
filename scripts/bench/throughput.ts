// Benchmark part: requests per second of the built shop's static files and cached pages, measured
// in one run with autocannon (docs/decisions/0041-static-files.md). Figures, never pass or fail.
// The shop runs in its own process (`npm start`'s scripts/start.ts, production mode), on PGlite
// and, when the harness gives a PostgreSQL admin URL, on a throwaway PostgreSQL database too; the
// "example's server" is the Node adapter's standalone server (dist/server/entry.mjs) on the same
// build, which serves the same files uncompressed.
//   npx tsx scripts/bench/throughput.ts                     PGlite only
//   npx tsx scripts/bench/throughput.ts --quick             shorter runs, to try it
//   npx tsx scripts/bench/throughput.ts --postgres postgres://postgres@127.0.0.1:5432/postgres
// Both servers start as every part's do (./shop.ts startShop); the PostgreSQL database is bench_throughput.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildIfStale } from '../build-if-stale';
import { benchPort } from './harness';
import { freshShopDatabase, startMailSink, startShop, type ShopDatabase } from './shop';
import type { BenchContext, BenchFigure, BenchPart, BenchSection } from './types';

const PORT = benchPort('throughput');
/** Few connections: the server has one of the two cores, autocannon the other. */
const CONNECTIONS = 10;
const WARM_UP_SECONDS = 2;

const BROWSER = {
  page: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'br, gzip' },
  css: { accept: 'text/css,*/*;q=0.1', 'accept-encoding': 'br, gzip' },
  image: { accept: 'image/avif,image/webp,image/svg+xml,image/*,*/*;q=0.8', 'accept-encoding': 'br, gzip' },
};

interface Target {
  name: string;
  path: string;
  headers: Record<string, string>;
}

interface Measured {
  requestsPerSecond: number;
  /** The server process's CPU time per answer (user + system), when /proc tells it: steadier than req/s on a busy machine. */
  cpuMsPerRequest: number | null;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** CPU milliseconds a process has used (Linux /proc; null elsewhere). */
function cpuMs(pid: number | undefined): number | null {
  try {
    // Fields after the command name: state is 3rd, utime 14th and stime 15th (clock ticks, 100 a second).
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Waits (at most 20 s) until the freshly started server is idle: startup work would count against the first target. */
async function settle(pid: number | undefined): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const before = cpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = cpuMs(pid);
    if (before === null || after === null || after - before <= 20) return;
  }
}

async function measure(target: Target, seconds: number, pid: number | undefined): Promise<Measured> {
  const url = `http://127.0.0.1:${PORT}${target.path}`;
  // Warm: the first request fills the route cache, then a short run warms the JIT.
  await (await fetch(url, { headers: target.headers })).arrayBuffer();
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, headers: target.headers });
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: target.headers });
  const cpuAfter = cpuMs(pid);
  return {
    requestsPerSecond: result.requests.average,
    cpuMsPerRequest:
      cpuBefore === null || cpuAfter === null || result.requests.total === 0 ? null : (cpuAfter - cpuBefore) / result.requests.total,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The largest hashed stylesheet, and the product illustration of median size (the "mid-size image"). */
function staticTargets(): Target[] {
  const client = path.resolve('dist/client');
  const assets = fs.readdirSync(path.join(client, '_astro')).filter((name) => name.endsWith('.css'));
  const size = (file: string) => fs.statSync(file).size;
  const css = assets.sort((a, b) => size(path.join(client, '_astro', b)) - size(path.join(client, '_astro', a)))[0];
  const imageDir = path.join(client, 'images', 'products');
  const images = fs
    .readdirSync(imageDir)
    .filter((name) => /\.(svg|png|jpe?g|webp|avif)$/.test(name))
    .sort((a, b) => size(path.join(imageDir, a)) - size(path.join(imageDir, b)));
  const image = images[Math.floor(images.length / 2)];
  if (!css || !image) throw new Error('the build has no stylesheet or no product image');
  return [
    {
      name: `hashed stylesheet /_astro/${css} (${Math.round(size(path.join(client, '_astro', css)) / 1024)} KB)`,
      path: `/_astro/${css}`,
      headers: BROWSER.css,
    },
    {
      name: `product image /images/products/${image} (${Math.round(size(path.join(imageDir, image)) / 1024)} KB)`,
      path: `/images/products/${image}`,
      headers: BROWSER.image,
    },
  ];
}

/** Home, /store and the first product /store links to. */
async function pageTargets(): Promise<Target[]> {
  const store = await (await fetch(`http://127.0.0.1:${PORT}/store`)).text();
  const product = /href="(\/product\/[^"?#]+)"/.exec(store)?.[1];
  if (!product) throw new Error('/store links to no product');
  return [
    { name: 'home /', path: '/', headers: BROWSER.page },
    { name: 'store /store', path: '/store', headers: BROWSER.page },
    { name: `product ${product}`, path: product, headers: BROWSER.page },
  ];
}

const rate = (m: Measured) =>
  `${Math.round(m.requestsPerSecond)} req/s (p99 ${m.p99Ms} ms${m.cpuMsPerRequest === null ? '' : `, ${m.cpuMsPerRequest.toFixed(3)} ms CPU per answer`}${m.errors || m.non2xx ? `, ${m.errors} errors, ${m.non2xx} not 2xx` : ''})`;
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');

/** Our server on one engine: the static files and the pages, each page against the stylesheet. */
async function measureShop(
  engine: string,
  database: ShopDatabase,
  smtpUrl: string,
  seconds: number,
  log: (line: string) => void,
): Promise<{ figures: BenchFigure[]; css: Measured; image: Measured }> {
  log(`throughput: starting the shop on ${engine}`);
  const [css, image] = staticTargets();
  const server = await startShop(database, { port: PORT, smtpUrl });
  try {
    const figures: BenchFigure[] = [];
    await settle(server.pid);
    const cssResult = await measure(css!, seconds, server.pid);
    log(`throughput: ${engine} ${css!.name}: ${rate(cssResult)}`);
    const imageResult = await measure(image!, seconds, server.pid);
    log(`throughput: ${engine} ${image!.name}: ${rate(imageResult)}`);
    figures.push({ figure: `${engine}: ${css!.name}`, value: rate(cssResult) });
    figures.push({ figure: `${engine}: ${image!.name}`, value: rate(imageResult) });
    for (const page of await pageTargets()) {
      const result = await measure(page, seconds, server.pid);
      log(`throughput: ${engine} ${page.name}: ${rate(result)}`);
      figures.push({ figure: `${engine}: ${page.name}`, value: rate(result) });
      figures.push({
        figure: `${engine}: ${page.name} / stylesheet throughput`,
        value: ratio(result.requestsPerSecond, cssResult.requestsPerSecond),
        goal: page.path === '/' || page.path.startsWith('/product/') ? '>= 0.6' : undefined,
      });
      if (result.cpuMsPerRequest !== null && cssResult.cpuMsPerRequest !== null) {
        figures.push({
          figure: `${engine}: ${page.name} / stylesheet, by CPU per answer (stylesheet CPU / page CPU)`,
          value: ratio(cssResult.cpuMsPerRequest, result.cpuMsPerRequest),
        });
      }
    }
    return { figures, css: cssResult, image: imageResult };
  } finally {
    await server.stop();
  }
}

export const run: BenchPart = async ({ postgresUrl, log, quick }: BenchContext): Promise<BenchSection> => {
  buildIfStale(log);
  const seconds = quick ? 3 : 10;
  const mail = await startMailSink();
  const pglite = await freshShopDatabase('throughput', null);
  const figures: BenchFigure[] = [];
  try {
    const ours = await measureShop('PGlite', pglite, mail.url, seconds, log);
    figures.push(...ours.figures);

    // The adapter's own standalone server on the same build and data (ours is stopped by now).
    log('throughput: starting the Node adapter standalone server (dist/server/entry.mjs)');
    const [css, image] = staticTargets();
    const example = await startShop(pglite, { port: PORT, smtpUrl: mail.url, entry: 'adapter' });
    try {
      await settle(example.pid);
      const exampleCss = await measure(css!, seconds, example.pid);
      const exampleImage = await measure(image!, seconds, example.pid);
      log(`throughput: adapter server stylesheet ${rate(exampleCss)}, image ${rate(exampleImage)}`);
      figures.push({ figure: `adapter standalone server: ${css!.name}`, value: rate(exampleCss) });
      figures.push({ figure: `adapter standalone server: ${image!.name}`, value: rate(exampleImage) });
      figures.push({
        figure: 'static stylesheet throughput, ours / the adapter standalone server',
        value: ratio(ours.css.requestsPerSecond, exampleCss.requestsPerSecond),
      });
      figures.push({
        figure: 'static image throughput, ours / the adapter standalone server',
        value: ratio(ours.image.requestsPerSecond, exampleImage.requestsPerSecond),
      });
      if (ours.css.cpuMsPerRequest !== null && exampleCss.cpuMsPerRequest !== null && exampleImage.cpuMsPerRequest !== null) {
        figures.push({
          figure: 'static stylesheet, ours / the adapter standalone server, by CPU per answer (adapter CPU / ours)',
          value: ratio(exampleCss.cpuMsPerRequest, ours.css.cpuMsPerRequest),
        });
        figures.push({
          figure: 'static image, ours / the adapter standalone server, by CPU per answer (adapter CPU / ours)',
          value: ratio(exampleImage.cpuMsPerRequest, ours.image.cpuMsPerRequest!),
        });
      }
    } finally {
      await example.stop();
    }

    if (postgresUrl) {
      const postgres = await freshShopDatabase('throughput', postgresUrl);
      try {
        const pgFigures = await measureShop('PostgreSQL', postgres, mail.url, seconds, log);
        figures.push(...pgFigures.figures);
      } finally {
        await postgres.remove();
      }
    }
  } finally {
    await pglite.remove();
    await mail.close();
  }
  return {
    title: 'Static files and page throughput',
    figures,
    notes: [
      `autocannon, ${CONNECTIONS} connections, ${seconds} s per target after a ${WARM_UP_SECONDS} s warm-up (and once the freshly started server is idle), headers of a browser (Accept-Encoding: br, gzip); the shop (scripts/start.ts, production) in its own process on port ${PORT}.`,
      'Ratios are requests/s of the page over requests/s of the hashed stylesheet from the same server, measured in the same run; the seeded catalog (the default seed).',
      "CPU per answer is the server process's user + system time (from /proc) over the answers of the run: on a busy machine it is steadier than requests/s, and its ratios say what the throughput ratios would be if the server alone had the core.",
      "The adapter standalone server is dist/server/entry.mjs started directly (the Node adapter's standalone mode): the same files, sent uncompressed.",
      'Reproduce: npx tsx scripts/bench/throughput.ts [--quick] [--postgres postgres://postgres@127.0.0.1:5432/postgres].',
    ],
  };
};

// Run alone: npx tsx scripts/bench/throughput.ts
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false }, postgres: { type: 'string' } } });
  const section = await run({
    postgresUrl: values.postgres ?? null,
    quick: values.quick,
    log: (line) => console.error(line),
  });
  console.log(`\n${section.title}\n`);
  for (const figure of section.figures) {
    console.log(`  ${figure.figure.padEnd(72)} ${figure.value}${figure.goal ? `  (goal ${figure.goal})` : ''}`);
  }
  for (const note of section.notes ?? []) console.log(`\n  ${note}`);
}
