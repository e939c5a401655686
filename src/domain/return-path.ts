// Where a shopper goes back to after signing in (docs/product.md#after-sign-in,
// docs/decisions/0031-return-after-sign-in.md). A page that needs a signed-in shopper sends a
// guest to the sign-in dialog with the path it was asked for; the browser goes there once the
// shopper is signed in. The path comes from the address bar, so anyone can write it: only a
// path of this shop is followed, anything else falls back to the default.

/** The query parameter that carries the path to go back to. */
export const RETURN_PARAM = 'next';

/** Where a refused or missing path leads: the page the dialog was opened on (the home page). */
export const DEFAULT_RETURN_PATH = '/';

/** Longer than any path of this shop with its query; a longer one is not ours. */
export const RETURN_PATH_MAX = 1000;

/** The hash that asks the product page to open Write a Review once the shopper is signed in. */
export const WRITE_REVIEW_HASH = '#write-review';

// Control characters (C0, DEL, C1), which the URL parser drops or a Location header would break
// on, and backslashes, which browsers read as '/' (so '/\evil.com' would be '//evil.com').
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\\]/;

/** Each run of %xx escapes decoded where it is valid UTF-8, left as it is where not ('100%'). */
function decodeOnce(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/**
 * `path` decoded until nothing changes, so '%2F%2F', '%5C' or an encoded line break ('%0d%0a'),
 * even encoded twice, show as what they are; null when it still changes after four rounds
 * (nobody writes a path like that).
 */
function fullyDecoded(path: string): string | null {
  let current = path;
  for (let round = 0; round < 4; round += 1) {
    const next = decodeOnce(current);
    if (next === current) return current;
    current = next;
  }
  return null;
}

function isOurs(path: string): boolean {
  // A single '/' then not a second '/': '//host' is another site for the browser.
  return path.startsWith('/') && !path.startsWith('//') && !FORBIDDEN.test(path);
}

/** The API answers JSON; a page of the shop is what the shopper was going to. */
function isApi(pathname: string): boolean {
  return /^\/api(?:\/|$)/i.test(pathname);
}

/**
 * `raw` when it is a path of this shop (same origin, relative, starting with a single '/', no
 * scheme, no backslash, no control character, not under /api, in any decoding), normalised as
 * the browser would read it ('/a/../b' is '/b'); otherwise `fallback`. Used on the server to
 * build the sign-in link and in the browser before it goes anywhere.
 */
export function safeReturnPath(raw: unknown, fallback: string = DEFAULT_RETURN_PATH): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > RETURN_PATH_MAX) return fallback;
  if (!isOurs(raw)) return fallback;
  const decoded = fullyDecoded(raw);
  if (decoded === null || !isOurs(decoded)) return fallback;
  let url: URL;
  const base = 'https://shop.invalid';
  try {
    url = new URL(raw, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  const decodedPath = fullyDecoded(url.pathname);
  if (decodedPath === null || !isOurs(decodedPath) || isApi(url.pathname) || isApi(decodedPath)) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isOurs(path) ? path : fallback;
}

/**
 * The sign-in dialog on the home page, going back to `returnTo` afterwards (a path, or the URL
 * of the page asked for): where a page that needs a signed-in shopper sends a guest.
 */
export function signInPath(returnTo: string | Pick<URL, 'pathname' | 'search'>): string {
  const path = safeReturnPath(typeof returnTo === 'string' ? returnTo : `${returnTo.pathname}${returnTo.search}`);
  if (path === DEFAULT_RETURN_PATH) return '/?login=1';
  return `/?login=1&${RETURN_PARAM}=${encodeURIComponent(path)}`;
}
