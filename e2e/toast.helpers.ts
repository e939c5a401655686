// Watching toasts (docs/product.md#messages): they last 1 s, too short to measure with locators
// after the fact, so the page records the first toast's arrival, place and departure itself.
import type { Page } from '@playwright/test';

export interface ToastRecord {
  added: number;
  removed: number;
  text: string;
  top: number;
  headerBottom: number;
}

/** Starts recording the next toast the page shows. */
export async function recordNextToast(page: Page): Promise<void> {
  await page.evaluate(() => {
    const host = document.getElementById('toasts')!;
    const record: Partial<ToastRecord> = {};
    (window as unknown as { toastRecord: Partial<ToastRecord> }).toastRecord = record;
    new MutationObserver((changes) => {
      for (const change of changes) {
        const added = change.addedNodes[0];
        if (added instanceof HTMLElement && record.added === undefined) {
          record.added = performance.now();
          record.text = added.textContent ?? '';
          record.top = added.getBoundingClientRect().top;
          record.headerBottom = document.getElementById('site-header')!.getBoundingClientRect().bottom;
        }
        if (change.removedNodes.length > 0 && record.added !== undefined && record.removed === undefined)
          record.removed = performance.now();
      }
    }).observe(host, { childList: true });
  });
}

/** The recorded toast, once it has come and gone. */
export async function recordedToast(page: Page): Promise<ToastRecord> {
  await page.waitForFunction(() => (window as unknown as { toastRecord?: Partial<ToastRecord> }).toastRecord?.removed !== undefined, null, {
    timeout: 20_000,
  });
  return page.evaluate(() => (window as unknown as { toastRecord: ToastRecord }).toastRecord);
}
