import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LOOK_SCRIPT, BANNER_SCRIPT, INLINE_SCRIPT_HASHES, LIVE_CHAT_LOADER, addSources, thirdPartySources } from './csp';

const BASE = "default-src 'self';img-src 'self' data: blob:;connect-src 'self'; script-src 'self' 'sha256-abc='; style-src 'self'";
const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('inline script hashes', () => {
  it('are the SHA-256 of the exact scripts the pages write', () => {
    const sha = (s: string) => `sha256-${createHash('sha256').update(s).digest('base64')}`;
    expect(INLINE_SCRIPT_HASHES).toEqual([sha(BANNER_SCRIPT), sha(ACCOUNT_LOOK_SCRIPT), sha(LIVE_CHAT_LOADER)]);
  });
});

describe('addSources', () => {
  it('adds sources to existing directives once, and appends missing directives', () => {
    const policy = addSources(BASE, {
      'script-src': ['https://chat.example', "'self'"],
      'frame-src': ['https://chat.example'],
      'img-src': [],
    });
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'sha256-abc=' https://chat.example");
    expect(directive(policy, 'frame-src')).toBe('frame-src https://chat.example');
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob:");
    expect(directive(policy, 'default-src')).toBe("default-src 'self'");
  });

  it('leaves the policy as it is with nothing to add', () => {
    expect(addSources(BASE, {})).toBe(
      BASE.split(';')
        .map((d) => d.trim())
        .join('; '),
    );
  });
});

describe('thirdPartySources', () => {
  it('adds nothing when no third party is configured', () => {
    expect(thirdPartySources({ pathname: '/checkout', liveChatScriptUrl: undefined, stripeConfigured: false })).toEqual({});
  });

  it("allows the live chat's host on every page, for its script, calls, frames and pictures", () => {
    const sources = thirdPartySources({
      pathname: '/store',
      liveChatScriptUrl: 'https://widget.chat.example/v2/loader.js?id=1',
      stripeConfigured: false,
    });
    expect(sources).toEqual({
      'script-src': ['https://widget.chat.example'],
      'connect-src': ['https://widget.chat.example'],
      'frame-src': ['https://widget.chat.example'],
      'img-src': ['https://widget.chat.example'],
    });
  });

  it("allows Stripe's hosts on the checkout pages only", () => {
    expect(thirdPartySources({ pathname: '/product/16', liveChatScriptUrl: undefined, stripeConfigured: true })).toEqual({});
    const checkout = thirdPartySources({ pathname: '/checkout', liveChatScriptUrl: undefined, stripeConfigured: true });
    expect(checkout['script-src']).toContain('https://js.stripe.com');
    expect(checkout['frame-src']).toContain('https://hooks.stripe.com');
    expect(checkout['connect-src']).toEqual(['https://api.stripe.com']);
  });
});
