// A tiny notification for plain page scripts; islands use the same element. It shows for the
// spec's time (docs/product.md#messages), just below the header (the #toasts host in the layout).
import { NOTIFICATION_MS } from '@/domain/constants';

export function showToast(text: string, kind: 'success' | 'error' = 'success', durationMs = NOTIFICATION_MS): void {
  const host = document.getElementById('toasts');
  if (!host) return;
  const toast = document.createElement('div');
  toast.className = `pointer-events-auto max-w-md rounded-md px-4 py-2.5 text-center text-sm font-medium shadow-lg ${kind === 'success' ? 'bg-ink-900 text-white' : 'bg-red-600 text-white'}`;
  toast.textContent = text;
  host.append(toast);
  setTimeout(() => toast.remove(), durationMs);
}
