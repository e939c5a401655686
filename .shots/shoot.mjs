import { chromium } from 'playwright-core';
import fs from 'node:fs';
const [,, base, out, ...paths] = process.argv;
const staff = JSON.parse(fs.readFileSync('/tmp/lead-shots/staff.json', 'utf8')).staff;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'] });
for (const width of [390, 820, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: 'staff_session', value: staff.token, url: base }]);
  const page = await context.newPage();
  for (const p of paths) {
    await page.goto(base + p);
    const name = p.replace(/[^a-z0-9]+/gi, '_');
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: false });
  }
  await context.close();
}
await browser.close();
