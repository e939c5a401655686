import type { Db } from '@/server/db/client';
import { contactMessages as contactMessagesTable } from '@/server/db/schema/shopping';
import type { Mail, Mailer } from '@/server/mail/mailer';
import { escapeHtml, mailLayout } from '@/server/mail/templates';
import { mailsCommitted, queueMail } from '@/server/mail/outbox';
import { type ContactInput } from '@/domain/contact';
import type { ContactField } from '@/domain/contact-checks';
import { listAddresses } from '@/server/addresses/address.service';
import type { SessionUser } from '@/server/accounts/session.service';
import { oneLine } from '@/domain/text-checks';
import { contactMessages } from '@/domain/messages/contact';
import { consumeRateLimit } from '@/server/rate-limit/rate-limit.service';

// A customer writes once, maybe twice after a typo; a script floods the shop's inbox and table.
// 5 an hour per client address leaves room for shared office connections while stopping that.
export const CONTACT_LIMIT_PER_ADDRESS = { name: 'contact:ip', limit: 5, windowSeconds: 3600 };
// The same 5 an hour per sender e-mail, whatever the address: the shop's replies go to that
// e-mail, so many addresses cannot flood the inbox, or a stranger's, in its name.
export const CONTACT_LIMIT_PER_EMAIL = { name: 'contact:email', limit: 5, windowSeconds: 3600 };

export interface ContactDeps {
  db: Db;
  mailer: Mailer;
  shopName: string;
  /** The shop's inbox (SHOP_EMAIL). */
  shopEmail: string;
}

/**
 * The shop's copy of a message. The one-line fields go into the subject, the reply-to and the
 * text's own field lines, so a line break in them could forge a header or a field: they are
 * flattened to one line here, whatever the schema let through (docs/decisions/0016-hostile-input.md).
 */
export function contactMail(shopName: string, shopEmail: string, input: ContactInput): Mail {
  const email = oneLine(input.email);
  const sender = oneLine(`${input.first_name} ${input.last_name}`);
  const subject = `Contact message from ${sender}`;
  const details = [`From: ${sender} <${email}>`, `Phone: ${oneLine(input.phone)}`];
  return {
    to: shopEmail,
    replyTo: email,
    subject,
    text: `${shopName}\n\n${details.join('\n')}\n\n${input.message}\n`,
    html: mailLayout(shopName, subject, [...details.map(escapeHtml), escapeHtml(input.message).replace(/\r?\n/g, '<br>')]),
    summary: `contact message from ${email}`,
  };
}

/**
 * Stores a contact message and queues its mail to the shop's inbox (replies going to the sender)
 * in one transaction: the message and its mail both stand, or neither (docs/decisions/0040-mail-outbox.md).
 */
export async function sendContactMessage(
  deps: ContactDeps,
  input: ContactInput,
  clientAddress: string,
  now = new Date(),
): Promise<{ id: number }> {
  // The address first: an address already refused does not use up the e-mail's messages.
  await consumeRateLimit(deps.db, CONTACT_LIMIT_PER_ADDRESS, clientAddress, contactMessages.tooMany, now);
  await consumeRateLimit(deps.db, CONTACT_LIMIT_PER_EMAIL, input.email, contactMessages.tooMany, now);
  const { id, mailId } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessagesTable)
      .values({ firstName: input.first_name, lastName: input.last_name, email: input.email, phone: input.phone, message: input.message })
      .returning({ id: contactMessagesTable.id });
    return { id: row!.id, mailId: await queueMail(tx, 'contact_message', contactMail(deps.shopName, deps.shopEmail, input)) };
  });
  await mailsCommitted(deps, [mailId]);
  return { id };
}

/** What the contact form starts with for a signed-in shopper; a guest's form starts empty. */
export type ContactPrefill = Record<Exclude<ContactField, 'message'>, string>;

/**
 * The signed-in shopper's details for the contact form (docs/product.md#contact): the account's
 * name split at its first space into first and last name, its e-mail, and the phone of the
 * default address (else the newest), when there is one. From the session on the server, never
 * from the request, so a link cannot fill the form with someone else's details.
 */
export async function contactPrefill(db: Db, user: SessionUser): Promise<ContactPrefill> {
  const name = user.name.trim();
  const space = name.search(/\s/);
  const [address] = await listAddresses(db, user.id);
  return {
    first_name: space < 0 ? name : name.slice(0, space),
    last_name: space < 0 ? '' : name.slice(space).trim(),
    email: user.email,
    phone: address?.phone ?? '',
  };
}
