// A tiny notification for plain page scripts; islands use the same element. It shows for the
// spec's time (docs/product.md#messages), just below the header (the #toasts host in the layout),
// and is written into the hidden status region #toast-log, where a screen reader has time to read it.
import { NOTIFICATION_MS } from '@/domain/constants';

/** How long a message stays in the status region: time for a screen reader to reach it. */
const ANNOUNCED_MS = 10_000;

export function showToast(text: string, kind: 'success' | 'error' = 'success', durationMs = NOTIFICATION_MS): void {
  const host = document.getElementById('toasts');
  if (!host) return;
  const toast = document.createElement('div');
  toast.className = `pointer-events-auto max-w-md rounded-md px-4 py-2.5 text-center text-sm font-medium shadow-lg ${kind === 'success' ? 'bg-ink-900 text-white' : 'bg-red-600 text-white'}`;
  toast.textContent = text;
  host.append(toast);
  setTimeout(() => toast.remove(), durationMs);
  const log = document.getElementById('toast-log');
  if (!log) return;
  const said = document.createElement('p');
  said.textContent = text;
  log.append(said);
  setTimeout(() => said.remove(), ANNOUNCED_MS);
}
