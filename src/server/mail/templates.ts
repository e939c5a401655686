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
  const action = purpose === 'register' ? 'finish creating your account' : 'reset your password';
  const subject = purpose === 'register' ? `Your ${shopName} sign-up code` : `Your ${shopName} password reset code`;
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

export function passwordChangedMail(shopName: string, to: string, name: string): Mail {
  const subject = `Your ${shopName} password was changed`;
  const lines = [
    `Hello ${name},`,
    'The password of your account was just changed, and your other signed-in devices were signed out.',
    `If this was not you, reset your password at once with "Forgot password" on our site, and contact us.`,
  ];
  return {
    to,
    subject,
    text: `${shopName}\n\n${lines.join('\n\n')}\n`,
    html: mailLayout(shopName, subject, lines.map(escapeHtml)),
    summary: `password changed for ${to}`,
  };
}
