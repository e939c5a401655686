// The order confirmation mail: lines and totals, plain text and simple HTML.
import type { Mail } from './mailer';
import { escapeHtml, mailLayout } from './templates';
import { formatPrice } from '@/domain/money';
import { shelfPrice } from '@/domain/pricing';

interface OrderFigures {
  id: number;
  subTotal: number;
  discountAmount: number;
  taxAmount: number;
  grandTotal: number;
  paymentType: string;
  expectDate: string | null;
}

interface Line {
  name: string;
  quantity: number;
  unitPrice: number;
  discount: number;
  lineTotal: number;
}

export function orderConfirmationMail(shopName: string, customer: { email: string; name: string }, order: OrderFigures, lines: Line[]): Mail {
  const subject = `${shopName} order #${order.id} confirmed`;
  const payment = order.paymentType === 'cash_on_delivery' ? 'Cash on delivery' : 'Paid by card';
  const totals: [string, number][] = [
    ['Subtotal (before VAT)', order.subTotal],
    ...(order.discountAmount > 0 ? ([['Discount', -order.discountAmount]] as [string, number][]) : []),
    ['VAT 5%', order.taxAmount],
    ['Total', order.grandTotal],
  ];
  const text = [
    shopName,
    '',
    `Hello ${customer.name},`,
    '',
    `Thank you for your order #${order.id}. ${payment}.${order.expectDate ? ` Expected delivery: ${order.expectDate}.` : ''}`,
    '',
    ...lines.map((l) => `${l.quantity} x ${l.name} @ ${formatPrice(shelfPrice(l.unitPrice, l.discount))} = ${formatPrice(l.lineTotal)}`),
    '',
    ...totals.map(([label, amount]) => `${label}: ${amount < 0 ? '-' : ''}${formatPrice(Math.abs(amount))}`),
    '',
    'You can follow the order under My Orders on our site.',
  ].join('\n');
  const rows = lines
    .map((l) => `<tr><td style="padding:6px 0">${l.quantity} &times; ${escapeHtml(l.name)}</td><td align="right" style="padding:6px 0">${formatPrice(l.lineTotal)}</td></tr>`)
    .join('');
  const totalRows = totals
    .map(([label, amount]) => `<tr><td style="padding:4px 0${label === 'Total' ? ';font-weight:bold' : ''}">${label}</td><td align="right" style="padding:4px 0${label === 'Total' ? ';font-weight:bold' : ''}">${amount < 0 ? '-' : ''}${formatPrice(Math.abs(amount))}</td></tr>`)
    .join('');
  const html = mailLayout(shopName, subject, [
    `Hello ${escapeHtml(customer.name)},`,
    `Thank you for your order #${order.id}. ${payment}.${order.expectDate ? ` Expected delivery: ${order.expectDate}.` : ''}`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid #e5e7eb;border-bottom:1px solid #e5e7eb">${rows}</table>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${totalRows}</table>`,
    'You can follow the order under My Orders on our site.',
  ]);
  return { to: customer.email, subject, text: `${text}\n`, html, summary: `order #${order.id} confirmation for ${customer.email}` };
}
