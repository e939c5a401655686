// The JavaScript budget (docs/decisions/0042-page-weight.md): before the first interaction no
// guest page loads more than React's runtime plus 15 KB gzip, the cart and the wishlist included
// (custom elements, no React). Bytes of the built files, not time: the same build gives the same figures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../tests/running-shop';
import { buildIfStale } from './build-if-stale';
import { PAGE_BUDGET_BYTES, weighPages } from './bench/page-weight';

let shop: ChildProcess | undefined;
let dataDir = '';
let base = '';

beforeAll(async () => {
  buildIfStale(() => {});
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-weight-'));
  // PAGE_WEIGHT_PORT pins the port (a shared machine where each job has its own); otherwise any free one.
  const port = process.env.PAGE_WEIGHT_PORT ? Number(process.env.PAGE_WEIGHT_PORT) : await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error' };
  delete env.DATABASE_URL;
  delete env.LIVE_CHAT_SCRIPT_URL;
  shop = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const check = (chunk: Buffer) => {
      output += chunk.toString();
      if (/is open at/.test(output)) resolve();
    };
    shop!.stdout!.on('data', check);
    shop!.stderr!.on('data', check);
    shop!.on('exit', (code) => reject(new Error(`the shop exited with ${code}:\n${output}`)));
  });
  base = `http://127.0.0.1:${port}`;
}, 600_000);

afterAll(() => {
  if (shop && shop.exitCode === null) shop.kill('SIGKILL');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('JavaScript before the first interaction', () => {
  it("stays within React's runtime plus 15 KB on every guest page", async () => {
    const { react, pages } = await weighPages(base);
    // React's runtime is measured, not assumed: from a weighed page's island, else from the build's
    // manifest (the checkout's islands and the coupon popup still load it).
    expect(react).toBeGreaterThan(20 * 1024);
    const over = pages.map((p) => ({ page: p.page, beyondReact: p.gzip - react })).filter((p) => p.beyondReact > PAGE_BUDGET_BYTES);
    expect(over).toEqual([]);
  });

  it('loads no React on the cart and the wishlist, and leaves the coupon popup and the row actions for their click', async () => {
    const { pages } = await weighPages(base);
    const cart = pages.find((p) => p.page === '/cart')!;
    const wishlist = pages.find((p) => p.page === '/wishlist')!;
    for (const page of [cart, wishlist]) {
      expect(page.rendererUrl).toBeNull();
      expect(page.modules.filter((url) => /\/(react|react-dom|client)\.[\w-]+\.js$/.test(url))).toEqual([]);
    }
    expect(cart.modules.filter((url) => /\/(CouponPicker|coupon-picker\.mount|Modal|set-aside\.actions)\./.test(url))).toEqual([]);
    expect(wishlist.modules.filter((url) => /\/wishlist\.actions\./.test(url))).toEqual([]);
  });
});
