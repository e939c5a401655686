// The main pages load without script errors, failed requests or broken images.
import { expect, test } from '@playwright/test';

for (const path of ['/', '/store', '/product/16', '/product/6', '/about', '/faq']) {
  test(`${path} loads cleanly`, async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    // The live chat the e2e server is configured with (playwright.config.ts) answers from here.
    await page.route('https://chat.example.test/**', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await page.goto(path);
    // Lazy images load as they come into view.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 500) {
        window.scrollTo({ top: y, behavior: 'instant' });
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }
    });
    await page.waitForLoadState('networkidle');
    const broken = await page
      .locator('img')
      .evaluateAll((imgs) =>
        (imgs as HTMLImageElement[])
          .filter((img) => img.complete && img.naturalWidth === 0 && img.getAttribute('src'))
          .map((img) => img.getAttribute('src')),
      );
    expect(broken).toEqual([]);
    expect(problems).toEqual([]);
  });
}
