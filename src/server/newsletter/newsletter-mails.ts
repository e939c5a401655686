// Newsletter mails (docs/decisions/0035-messages-reviews-audit.md#messages-subscribers-and-unsubscribe):
// each carries the subscriber's unsubscribe link in its text and HTML and the List-Unsubscribe
// headers of RFC 8058, so a mail client can offer its own one-click 'Unsubscribe' button.
import type { Mail } from '@/server/mail/mailer';
import { escapeHtml, mailLayout } from '@/server/mail/templates';

/** The public page that shows the address and unsubscribes on POST (also the one-click target). */
export function unsubscribeUrl(siteUrl: string, token: string): string {
  const url = new URL('/unsubscribe', siteUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * The headers every newsletter mail carries: the link (which answers a POST with
 * `List-Unsubscribe=One-Click` by unsubscribing, a GET with the page and its button) and the
 * one-click flag.
 */
export function listUnsubscribeHeaders(link: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** Sent when someone signs up (or signs up again after unsubscribing). */
export function newsletterWelcomeMail(shopName: string, siteUrl: string, to: string, token: string): Mail {
  const link = unsubscribeUrl(siteUrl, token);
  const subject = `Welcome to the ${shopName} newsletter`;
  const lines = [
    'Thank you for signing up. About once a month we will send you our deals, new products and promotions.',
    'If you did not sign up, or change your mind, unsubscribe with one click:',
  ];
  return {
    to,
    subject,
    text: `${shopName}\n\n${lines.join('\n\n')}\n${link}\n`,
    html: mailLayout(shopName, subject, [
      escapeHtml(lines[0]!),
      `${escapeHtml(lines[1]!)} <a href="${escapeHtml(link)}" style="color:#c2410c">Unsubscribe</a>`,
    ]),
    headers: listUnsubscribeHeaders(link),
    summary: `newsletter welcome for ${to}`,
  };
}
