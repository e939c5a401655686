// The spec's words for a card payment's status (docs/product.md#behaviour), on /checkout and on the
// success page alike.
import { checkoutTexts } from '@/domain/messages/checkout';

const t = checkoutTexts.payment;

export function statusMessage(status: string): string {
  switch (status) {
    case 'succeeded':
      return t.succeeded;
    case 'processing':
      return t.processing;
    case 'requires_payment_method':
      return t.requiresMethod;
    default:
      return t.somethingWrong;
  }
}
