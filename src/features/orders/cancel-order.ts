// 'Cancel' on a card order awaiting payment: after the shopper confirms, the server cancels the
// intent and gives the items back; the page then reloads to show the order cancelled. A refusal
// (paid meanwhile, payment processing) is said next to the button.
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { checkoutMessages } from '@/domain/messages/checkout';
import { ScopedElement } from '@/client/scoped-element';

export function setUpCancelOrder(button: HTMLButtonElement): void {
  const label = button.textContent ?? '';
  button.addEventListener('click', () => {
    const orderId = Number(button.dataset.cancelOrder);
    if (!Number.isInteger(orderId) || !window.confirm(button.dataset.confirm ?? '')) return;
    const error = button.parentElement?.querySelector<HTMLElement>('[data-cancel-error]') ?? null;
    button.disabled = true;
    button.textContent = button.dataset.busyLabel ?? label;
    void call(endpoints.orders.cancel, { body: { order_id: orderId } }).then((answer) => {
      if (answer.ok) {
        window.location.reload();
        return;
      }
      button.disabled = false;
      button.textContent = label;
      if (error) error.textContent = answer.message ?? checkoutMessages.cashOrderFailed;
    });
  });
}

/** <awaiting-payment> (AwaitingPayment.astro): one order's Cancel button. */
export class AwaitingPayment extends ScopedElement {
  protected connect(): void {
    const button = this.find<HTMLButtonElement>('[data-cancel-order]');
    if (button) setUpCancelOrder(button);
  }
}
