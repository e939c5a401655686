// Screenshots of the main pages at desktop and phone widths, for looking at what we ship.
//   npx tsx scripts/screenshots.ts [baseUrl] [outDir]
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:4321';
const out = process.argv[3] ?? 'screenshots';
const pages = (process.env.SHOT_PAGES ?? '/,/store,/product/1').split(',');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
for (const width of [1280, 390]) {
  const page = await browser.newPage({ viewport: { width, height: width > 500 ? 800 : 844 }, deviceScaleFactor: 1 });
  for (const path of pages) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    // Lazy images load as they scroll into view.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 300) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 120));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForTimeout(1000);
    const name = `${out}/${width}-${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log(name);
    // Tall phone pages are also cut into screen-high parts that are easier to look at.
    if (width < 500) {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0, part = 0; y < height; y += 1400, part++) {
        await page.screenshot({
          path: name.replace('.png', `-part${part}.png`),
          fullPage: true,
          clip: { x: 0, y, width, height: Math.min(1400, height - y) },
        });
      }
    }
  }
  await page.close();
}
await browser.close();
