// The security headers of every answer: pages and API through the middleware, and the static
// files (/_astro/ bundles, images) through scripts/server.ts, which the middleware never sees.
// See docs/decisions/0011-content-security-policy.md and docs/decisions/0015-database-faults-and-operations.md.

/** Two years, subdomains included: browsers then refuse plain HTTP to the shop. Production only. */
export const HSTS = 'max-age=63072000; includeSubDomains';

const ALWAYS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // Stripe's Payment Element runs Apple Pay and Google Pay in its own frame.
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
  'cross-origin-opener-policy': 'same-origin',
};

/** HSTS only in production: on http://localhost it would pin the developer's browser to HTTPS. */
export function securityHeaders(production: boolean): Record<string, string> {
  return production ? { ...ALWAYS, 'strict-transport-security': HSTS } : { ...ALWAYS };
}
