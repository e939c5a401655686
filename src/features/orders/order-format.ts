// Labels and badge colours of orders, the same on the list, the detail and the success page
// (their dates: domain/dates.ts).
import type { DeliveryStatus } from '@/domain/checkout';
import { deliveryStatusLabels, ordersTexts as t } from '@/domain/messages/orders';

export function statusLabel(status: string): string {
  return deliveryStatusLabels[status as DeliveryStatus] ?? status;
}

/** Badge colours per delivery status. */
export function statusTone(status: string): string {
  switch (status) {
    case 'delivered':
      return 'bg-emerald-50 text-emerald-700 ring-emerald-200';
    case 'ontheway':
    case 'shipped':
      return 'bg-sky-50 text-sky-700 ring-sky-200';
    case 'cancelled':
      return 'bg-red-50 text-red-700 ring-red-200';
    case 'refund':
      return 'bg-violet-50 text-violet-700 ring-violet-200';
    default:
      return 'bg-amber-50 text-amber-800 ring-amber-200';
  }
}

export function paymentTypeLabel(type: string): string {
  return t.paymentTypes[type] ?? type;
}

export function paymentStatusLabel(status: string): string {
  return t.paymentStatuses[status] ?? status;
}

export function paymentTone(status: string): string {
  return status === 'paid' ? 'text-emerald-700' : status === 'failed' ? 'text-red-700' : 'text-ink-700';
}
