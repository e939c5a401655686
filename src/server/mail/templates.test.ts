import { describe, expect, it } from 'vitest';
import { otpMail, passwordChangedMail } from './templates';

describe('OTP mail', () => {
  it('carries the code and the shop name in text and HTML, for sign-up', () => {
    const mail = otpMail('Safe Buddy', 'layla@example.ae', '0042', 'register');
    expect(mail.to).toBe('layla@example.ae');
    expect(mail.subject).toBe('Your Safe Buddy sign-up code');
    expect(mail.text.startsWith('Safe Buddy\n')).toBe(true);
    expect(mail.text).toContain('Your code is 0042.');
    expect(mail.text).toContain('finish creating your account');
    expect(mail.text).toContain('10 minutes');
    expect(mail.html).toMatch(/^<!doctype html>/i);
    expect(mail.html).toContain('Safe Buddy');
    expect(mail.html).toContain('0042');
    expect(mail.html).toContain('finish creating your account');
    expect(mail.summary).toContain('0042');
  });

  it('says "reset your password" for a reset code', () => {
    const mail = otpMail('Safe Buddy', 'layla@example.ae', '9876', 'reset');
    expect(mail.subject).toBe('Your Safe Buddy password reset code');
    expect(mail.text).toContain('Your code is 9876.');
    expect(mail.text).toContain('reset your password');
    expect(mail.text).not.toContain('creating your account');
    expect(mail.html).toContain('9876');
  });

  it("escapes the shop's name in the HTML and keeps it plain in the text", () => {
    const mail = otpMail('Safe & <Sound>', 'a@example.ae', '1234', 'register');
    expect(mail.text.startsWith('Safe & <Sound>\n')).toBe(true);
    expect(mail.html).toContain('Safe &amp; &lt;Sound&gt;');
    expect(mail.html).not.toContain('<Sound>');
  });
});

describe('password changed mail', () => {
  it('greets by name, says what happened, in text and HTML with the shop name', () => {
    const mail = passwordChangedMail('Safe Buddy', 'omar@example.ae', 'Omar Saeed');
    expect(mail.to).toBe('omar@example.ae');
    expect(mail.subject).toBe('Your Safe Buddy password was changed');
    expect(mail.text.startsWith('Safe Buddy\n')).toBe(true);
    expect(mail.text).toContain('Hello Omar Saeed,');
    expect(mail.text).toContain('signed out');
    expect(mail.html).toContain('Safe Buddy');
    expect(mail.html).toContain('Hello Omar Saeed,');
    expect(mail.html).toContain('Forgot password');
  });

  it('HTML-escapes the name, so a name cannot inject markup', () => {
    const name = `<img src=x onerror="alert('x')"> & Co`;
    const mail = passwordChangedMail('Safe Buddy', 'omar@example.ae', name);
    expect(mail.html).toContain('Hello &lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; &amp; Co,');
    expect(mail.html).not.toContain('<img');
    expect(mail.text).toContain(`Hello ${name},`);
    // The HTML's quotes in the fixed text are escaped too.
    expect(mail.html).toContain('&quot;Forgot password&quot;');
  });
});
