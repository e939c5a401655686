// Content Security Policy. astro.config.ts sets the base policy, and Astro hashes its own scripts
// and styles into it; the few inline scripts the pages write themselves are hashed here at build
// time. The hosts of third parties configured at run time (live chat, Stripe on /checkout) are
// added to the finished header by the middleware: Astro computes a streamed page's policy before
// later components render, so they cannot add to it themselves.
import { createHash } from 'node:crypto';
import { ACCOUNT_LOOK_KEY } from '../domain/account-look'; // relative: astro.config.ts imports this module

/** Before the first paint, a top banner the shopper dismissed stays hidden (no flash). */
export const BANNER_SCRIPT =
  "try { if (localStorage.getItem('top-banner-dismissed') === '1') document.documentElement.classList.add('top-banner-dismissed'); } catch { /* storage blocked: show the banner */ }";

/**
 * Right after the header's user menu, before the first paint: a browser that was signed in on the
 * last page shows the user menu with the first name and picture it kept (src/domain/account-look.ts)
 * instead of the guest's icon, so a signed-in page does not flash the guest look; GET
 * /api/session/me then confirms or corrects it (docs/product.md#personal-parts).
 */
export const ACCOUNT_LOOK_SCRIPT = `try {
  var look = JSON.parse(localStorage.getItem('${ACCOUNT_LOOK_KEY}') || 'null');
  var menu = document.querySelector('[data-user-menu]');
  if (look && typeof look.first === 'string' && menu) {
    document.documentElement.classList.add('signed-in');
    menu.querySelector('[data-user-first-name]').textContent = look.first;
    var initial = menu.querySelector('span[data-user-avatar]');
    initial.textContent = look.initial;
    if (typeof look.picture === 'string' && look.picture) {
      var picture = menu.querySelector('img[data-user-avatar]');
      picture.src = look.picture;
      picture.hidden = false;
      initial.hidden = true;
    }
  }
} catch (e) { /* storage blocked: the guest look until the server answers */ }`;

/** Loads the configured live chat (its address in data-live-chat) once the page is idle. */
export const LIVE_CHAT_LOADER = `(function () {
  var me = document.currentScript;
  var src = me && me.getAttribute('data-live-chat');
  if (!src) return;
  var load = function () { var s = document.createElement('script'); s.async = true; s.src = src; document.body.appendChild(s); };
  var idle = function () {
    if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 5000 });
    else setTimeout(load, 2000);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
})();`;

export function scriptHash(source: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}`;
}

export const INLINE_SCRIPT_HASHES = [scriptHash(BANNER_SCRIPT), scriptHash(ACCOUNT_LOOK_SCRIPT), scriptHash(LIVE_CHAT_LOADER)];

export type Sources = Record<string, readonly string[]>;

/** Adds sources to a policy's directives (a directive it lacks is appended). */
export function addSources(policy: string, additions: Sources): string {
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  for (const [name, sources] of Object.entries(additions)) {
    if (sources.length === 0) continue;
    const index = directives.findIndex((d) => d === name || d.startsWith(`${name} `));
    if (index === -1) directives.push(`${name} ${sources.join(' ')}`);
    else directives[index] = [directives[index], ...sources.filter((s) => !directives[index]!.split(' ').includes(s))].join(' ');
  }
  return directives.join('; ');
}

export interface ThirdParties {
  pathname: string;
  liveChatScriptUrl: string | undefined;
  stripeConfigured: boolean;
}

/** What a page needs beyond the shop itself: the live chat's host everywhere, Stripe's on /checkout. */
export function thirdPartySources({ pathname, liveChatScriptUrl, stripeConfigured }: ThirdParties): Sources {
  const sources: Record<string, string[]> = {};
  const add = (directive: string, ...hosts: string[]) => (sources[directive] ??= []).push(...hosts);
  if (liveChatScriptUrl) {
    // The widget may also call home, show pictures and open frames from its own host.
    const origin = new URL(liveChatScriptUrl).origin;
    for (const directive of ['script-src', 'connect-src', 'frame-src', 'img-src']) add(directive, origin);
  }
  if (stripeConfigured && pathname.startsWith('/checkout')) {
    add('script-src', 'https://js.stripe.com', 'https://*.js.stripe.com');
    add('frame-src', 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com');
    add('connect-src', 'https://api.stripe.com');
  }
  return sources;
}
