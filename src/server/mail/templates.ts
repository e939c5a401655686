// The shop's mails, each in plain text and simple HTML with the shop's name.
import type { Mail } from './mailer';
import { OTP_VALID_MINUTES, type OtpPurpose } from '@/domain/accounts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function mailLayout(shopName: string, title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 14px">${p}</p>`).join('');
  return `<!doctype html><html><body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#15181d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:10px;padding:28px">
<tr><td style="font-size:20px;font-weight:bold;color:#ea580c;padding-bottom:16px">${escapeHtml(shopName)}</td></tr>
<tr><td style="font-size:18px;font-weight:bold;padding-bottom:12px">${escapeHtml(title)}</td></tr>
<tr><td style="font-size:15px;line-height:1.5">${body}</td></tr>
</table></td></tr></table></body></html>`;
}

export function otpMail(shopName: string, to: string, code: string, purpose: OtpPurpose): Mail {
  const { action, subject } = {
    register: { action: 'finish creating your account', subject: `Your ${shopName} sign-up code` },
    reset: { action: 'reset your password', subject: `Your ${shopName} password reset code` },
    email_change: { action: 'make this your new e-mail for your account', subject: `Your ${shopName} e-mail change code` },
  }[purpose];
  const lines = [
    `Your code is ${code}.`,
    `Enter it to ${action}. It works once, for ${OTP_VALID_MINUTES} minutes.`,
    'If you did not ask for it, you can ignore this e-mail: nothing changes without the code.',
  ];
  return {
    to,
    subject,
    text: `${shopName}\n\n${lines.join('\n\n')}\n`,
    html: mailLayout(shopName, subject, [
      `Your code is <strong style="font-size:24px;letter-spacing:6px">${code}</strong>.`,
      escapeHtml(lines[1]!),
      escapeHtml(lines[2]!),
    ]),
    summary: `${purpose} code ${code} for ${to}`,
  };
}

/** A plain notice: subject, then paragraphs of text (escaped for the HTML part). */
function noticeMail(shopName: string, to: string, subject: string, lines: string[], summary: string): Mail {
  return {
    to,
    subject,
    text: `${shopName}\n\n${lines.join('\n\n')}\n`,
    html: mailLayout(shopName, subject, lines.map(escapeHtml)),
    summary,
  };
}

/**
 * Sent instead of a code when someone asks to sign up (or to move another account) to an e-mail
 * that already has an account: the answer on the site is the same, only the owner learns of it.
 */
export function accountExistsMail(shopName: string, to: string, name: string): Mail {
  return noticeMail(
    shopName,
    to,
    `You already have a ${shopName} account`,
    [
      `Hello ${name},`,
      'Someone, perhaps you, asked for a code to create an account with this e-mail. You already have an account, so no code was sent.',
      'If you forgot your password, use "Forgot password" on our site to reset it. If this was not you, you can ignore this e-mail.',
    ],
    `account exists notice for ${to}`,
  );
}

/** Sent to the OLD address once the e-mail of an account has changed. */
export function emailChangedMail(shopName: string, to: string, name: string, newEmail: string): Mail {
  return noticeMail(
    shopName,
    to,
    `Your ${shopName} e-mail was changed`,
    [
      `Hello ${name},`,
      `The e-mail of your account was just changed to ${newEmail}, and your other signed-in devices were signed out. Mails now go to the new address.`,
      'If this was not you, contact us at once.',
    ],
    `e-mail changed notice for ${to}`,
  );
}

export function passwordChangedMail(shopName: string, to: string, name: string): Mail {
  return noticeMail(
    shopName,
    to,
    `Your ${shopName} password was changed`,
    [
      `Hello ${name},`,
      'The password of your account was just changed, and your other signed-in devices were signed out.',
      `If this was not you, reset your password at once with "Forgot password" on our site, and contact us.`,
    ],
    `password changed for ${to}`,
  );
}
