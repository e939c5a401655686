// Benchmarks (figures, not pass/fail): JavaScript shipped per page, and request latency for
// catalog pages and API calls against a running shop. Bounded loops on loopback only.
//   npm run bench                       # against http://127.0.0.1:4321 (start the shop first)
//   BENCH_URL=http://127.0.0.1:4399 npm run bench -- --requests 200
import zlib from 'node:zlib';

const base = process.env.BENCH_URL ?? 'http://127.0.0.1:4321';
const requestsArg = process.argv.indexOf('--requests');
const requests = Math.min(Math.max(Number(requestsArg > 0 ? process.argv[requestsArg + 1] : 100) || 100, 1), 2000);

const pages = [
  '/',
  '/store',
  '/store?product-type=office&price=1000-10000',
  '/store?q=shreder',
  '/top-sellings',
  '/new-arrival',
  '/product/1',
  '/faq',
];
const apis = [
  '/api/products/all-product-list?page=1&limit=12',
  '/api/products/all-product-list?search=fire%20saf&limit=12',
  '/api/products/all-product-list?price=[{"min":1000,"max":10000}]&product_type=2&page=3',
  '/api/products/product-view?product_id=1',
  '/api/category/filter-category',
];

async function javascriptBytes(path: string): Promise<{ raw: number; gzip: number; files: number }> {
  const html = await (await fetch(base + path)).text();
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) sources.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) sources.add(match[1]!);
  for (const match of html.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)) sources.add(match[1]!);
  // Follow static imports of the entry modules, so shared chunks count too.
  const seen = new Set<string>();
  let raw = 0;
  let gzip = 0;
  const queue = [...sources];
  while (queue.length > 0) {
    const src = queue.shift()!;
    const url = new URL(src, base + path).toString();
    if (seen.has(url) || !url.startsWith(base)) continue;
    seen.add(url);
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    raw += body.length;
    gzip += zlib.gzipSync(body).length;
    for (const m of body.toString('utf8').matchAll(/(?:from|import)\s*["']([^"']+\.js)["']/g)) queue.push(new URL(m[1]!, url).toString());
  }
  // Inline scripts count as well.
  for (const match of html.matchAll(/<script(?![^>]*src=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g)) {
    raw += Buffer.byteLength(match[1]!);
    gzip += zlib.gzipSync(match[1]!).length;
  }
  return { raw, gzip, files: seen.size };
}

async function latency(path: string): Promise<{ p50: number; p95: number; max: number }> {
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const start = performance.now();
    const res = await fetch(base + path, { headers: { 'accept-encoding': 'br, gzip' } });
    await res.arrayBuffer();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p95: at(0.95), max: times[times.length - 1]! };
}

console.log(`Benchmarking ${base}, ${requests} sequential requests per URL\n`);
console.log('JavaScript per page (all scripts the page loads, following imports):');
for (const path of pages) {
  const js = await javascriptBytes(path);
  console.log(
    `  ${path.padEnd(48)} ${(js.raw / 1024).toFixed(1).padStart(7)} KiB raw ${(js.gzip / 1024).toFixed(1).padStart(7)} KiB gzip  ${js.files} files`,
  );
}
console.log('\nLatency (ms):');
for (const path of [...pages, ...apis]) {
  const l = await latency(path);
  console.log(
    `  ${path.slice(0, 80).padEnd(82)} p50 ${l.p50.toFixed(1).padStart(6)}  p95 ${l.p95.toFixed(1).padStart(6)}  max ${l.max.toFixed(1).padStart(6)}`,
  );
}
