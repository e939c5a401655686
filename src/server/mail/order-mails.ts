// The order confirmation mail: lines and totals, plain text and simple HTML.
import type { Mail } from './mailer';
import { escapeHtml, mailLayout } from './templates';
import { formatPrice, type Fils } from '@/domain/money';
import { shelfPrice } from '@/domain/pricing';
import { calendarDate } from '@/domain/dates';
import { deliveryDetailsOf } from '@/server/orders/delivery-details';

interface OrderFigures {
  id: number;
  subTotal: Fils;
  discountAmount: Fils;
  taxAmount: Fils;
  grandTotal: Fils;
  paymentType: string;
  expectDate: string | null;
  /** The order's copy of its delivery location form (a heavy order), whose date the shopper chose. */
  deliveryDetails: unknown;
}

/** The delivery date the mail gives: the one the shopper chose for a heavy order, else the expected one. */
function deliveryLine(order: OrderFigures): string {
  const chosen = deliveryDetailsOf(order);
  if (chosen) return ` Delivery date: ${calendarDate(chosen.dateOfDelivery)}, ${chosen.availableTiming}.`;
  return order.expectDate ? ` Expected delivery: ${calendarDate(order.expectDate)}.` : '';
}

interface Line {
  name: string;
  quantity: number;
  unitPrice: Fils;
  /** Percent off the unit price. */
  discount: number;
  lineTotal: Fils;
}

export function orderConfirmationMail(
  shopName: string,
  customer: { email: string; name: string },
  order: OrderFigures,
  lines: Line[],
): Mail {
  const subject = `${shopName} order #${order.id} confirmed`;
  const payment = order.paymentType === 'cash_on_delivery' ? 'Cash on delivery' : 'Paid by card';
  // Each total's label, amount, and whether it is taken off (shown with a minus).
  const totals: [string, Fils, boolean][] = [
    ['Subtotal (before VAT)', order.subTotal, false],
    ...(order.discountAmount > 0 ? ([['Discount', order.discountAmount, true]] as [string, Fils, boolean][]) : []),
    ['VAT 5%', order.taxAmount, false],
    ['Total', order.grandTotal, false],
  ];
  const text = [
    shopName,
    '',
    `Hello ${customer.name},`,
    '',
    `Thank you for your order #${order.id}. ${payment}.${deliveryLine(order)}`,
    '',
    ...lines.map((l) => `${l.quantity} x ${l.name} @ ${formatPrice(shelfPrice(l.unitPrice, l.discount))} = ${formatPrice(l.lineTotal)}`),
    '',
    ...totals.map(([label, amount, deducted]) => `${label}: ${deducted ? '-' : ''}${formatPrice(amount)}`),
    '',
    'You can follow the order under My Orders on our site.',
  ].join('\n');
  const rows = lines
    .map(
      (l) =>
        `<tr><td style="padding:6px 0">${l.quantity} &times; ${escapeHtml(l.name)}</td><td align="right" style="padding:6px 0">${formatPrice(l.lineTotal)}</td></tr>`,
    )
    .join('');
  const totalRows = totals
    .map(
      ([label, amount, deducted]) =>
        `<tr><td style="padding:4px 0${label === 'Total' ? ';font-weight:bold' : ''}">${label}</td><td align="right" style="padding:4px 0${label === 'Total' ? ';font-weight:bold' : ''}">${deducted ? '-' : ''}${formatPrice(amount)}</td></tr>`,
    )
    .join('');
  const html = mailLayout(shopName, subject, [
    `Hello ${escapeHtml(customer.name)},`,
    `Thank you for your order #${order.id}. ${payment}.${escapeHtml(deliveryLine(order))}`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid #e5e7eb;border-bottom:1px solid #e5e7eb">${rows}</table>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${totalRows}</table>`,
    'You can follow the order under My Orders on our site.',
  ]);
  return { to: customer.email, subject, text: `${text}\n`, html, summary: `order #${order.id} confirmation` };
}

/** A card order not paid in time: its items went back on sale (docs/decisions/0013-order-holds.md). */
export function holdExpiredMail(
  shopName: string,
  customer: { email: string; name: string },
  order: { id: number; grandTotal: Fils },
): Mail {
  const subject = `${shopName} order #${order.id}: the time to pay has ended`;
  const paragraphs = [
    `Hello ${customer.name},`,
    `We held the items of your order #${order.id} (${formatPrice(order.grandTotal)}) while you paid by card, but the payment did not come in time, so the order is cancelled and the items are back on sale. Nothing was charged.`,
    'Your cart still has them: you can check out again from the cart on our site.',
  ];
  return {
    to: customer.email,
    subject,
    text: `${[shopName, '', ...paragraphs.flatMap((p) => [p, ''])].join('\n')}`,
    html: mailLayout(shopName, subject, paragraphs.map(escapeHtml)),
    summary: `order #${order.id} hold expired`,
  };
}

/** A card payment that came after the order's items were sold: refunded in full, order cancelled. */
export function refundedMail(shopName: string, customer: { email: string; name: string }, order: { id: number; grandTotal: Fils }): Mail {
  const subject = `${shopName} order #${order.id} cancelled and refunded`;
  const paragraphs = [
    `Hello ${customer.name},`,
    `Your card payment for order #${order.id} reached us after the time to pay had ended, and some of its items had been sold in the meantime. We have cancelled the order and refunded the full ${formatPrice(order.grandTotal)} to your card; your bank shows it within a few working days.`,
    'We are sorry for the trouble. Your cart is still on our site if you would like to order again.',
  ];
  return {
    to: customer.email,
    subject,
    text: `${[shopName, '', ...paragraphs.flatMap((p) => [p, ''])].join('\n')}`,
    html: mailLayout(shopName, subject, paragraphs.map(escapeHtml)),
    summary: `order #${order.id} refunded`,
  };
}

/** What changed, for the customer's mail about a staff change (docs/decisions/0034-running-orders.md). */
export type OrderUpdate =
  | { kind: 'shipped' }
  | { kind: 'ontheway'; expectedDate: string | null }
  | { kind: 'delivered'; cashPaid: boolean }
  | { kind: 'cancelled'; refunded: Fils | null }
  | { kind: 'refunded'; amount: Fils; card: boolean; full: boolean }
  | { kind: 'expected_date'; expectedDate: string }
  | { kind: 'note' };

function updateWords(orderId: number, update: OrderUpdate): { subject: string; lead: string } {
  switch (update.kind) {
    case 'shipped':
      return { subject: `order #${orderId} has shipped`, lead: `Your order #${orderId} has left our warehouse.` };
    case 'ontheway':
      return {
        subject: `order #${orderId} is on the way`,
        lead: `Your order #${orderId} is on the way to you.${update.expectedDate ? ` Expected delivery: ${calendarDate(update.expectedDate)}.` : ''}`,
      };
    case 'delivered':
      return {
        subject: `order #${orderId} was delivered`,
        lead: `Your order #${orderId} was delivered.${update.cashPaid ? ' We have received your cash payment, thank you.' : ''}`,
      };
    case 'cancelled':
      return {
        subject: `order #${orderId} was cancelled`,
        lead: `Your order #${orderId} was cancelled.${update.refunded ? ` The full ${formatPrice(update.refunded)} is refunded to your card; your bank shows it within a few working days.` : ''}`,
      };
    case 'refunded':
      return {
        subject: `order #${orderId}: ${formatPrice(update.amount)} refunded`,
        lead: `We have refunded ${formatPrice(update.amount)} for your order #${orderId}${update.full ? '' : ' (part of the order)'}.${update.card ? ' It goes back to your card; your bank shows it within a few working days.' : ' The money is given back to you in cash.'}`,
      };
    case 'expected_date':
      return {
        subject: `order #${orderId}: new expected delivery date`,
        lead: `Your order #${orderId} is now expected on ${calendarDate(update.expectedDate)}.`,
      };
    case 'note':
      return { subject: `a message about your order #${orderId}`, lead: `We have a message about your order #${orderId}.` };
  }
}

/**
 * The customer's mail for a change staff made to their order: what changed, the staff member's
 * note if any, and a link to the order page (SITE_URL/order/{id}).
 */
export function orderUpdateMail(
  shopName: string,
  siteUrl: string,
  customer: { email: string; name: string },
  orderId: number,
  update: OrderUpdate,
  note: string | null,
): Mail {
  const { subject: what, lead } = updateWords(orderId, update);
  const subject = `${shopName} ${what}`;
  const link = `${siteUrl.replace(/\/+$/, '')}/order/${orderId}`;
  const paragraphs = [`Hello ${customer.name},`, lead, ...(note ? [`A note from us: ${note}`] : []), `See your order: ${link}`];
  return {
    to: customer.email,
    subject,
    text: `${[shopName, '', ...paragraphs.flatMap((p) => [p, ''])].join('\n')}`,
    html: mailLayout(shopName, subject, [
      ...paragraphs.slice(0, -1).map(escapeHtml),
      `<a href="${escapeHtml(link)}" style="color:#ea580c">See your order #${orderId}</a>`,
    ]),
    summary: `order #${orderId} ${update.kind}`,
  };
}
