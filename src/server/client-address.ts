// Which network address a request comes from, behind the reverse proxies named in TRUSTED_PROXIES
// (docs/decisions/0014-client-address-and-sliding-limits.md). Pure: the configuration is passed in,
// so config.ts can validate TRUSTED_PROXIES with the same parser the requests use.
import { BlockList, isIP } from 'node:net';

/** X-Forwarded-For hops read at most: a real chain is a few proxies long. */
const MAX_FORWARDED_HOPS = 20;

interface ProxyEntry {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** One TRUSTED_PROXIES entry (an address, or a CIDR range such as 10.0.0.0/8 or 2001:db8::/32), or null when malformed. */
export function parseTrustedProxy(entry: string): ProxyEntry | null {
  const [rawAddress = '', rawPrefix, ...rest] = entry.trim().split('/');
  if (rest.length > 0) return null;
  const address = canonicalAddress(rawAddress);
  if (!address) return null;
  const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
  const bits = family === 'ipv4' ? 32 : 128;
  if (rawPrefix === undefined) return { address, prefix: bits, family };
  if (!/^\d{1,3}$/.test(rawPrefix)) return null;
  // An IPv4-mapped range (::ffff:10.0.0.0/104) is the IPv4 range it maps.
  const prefix = Number(rawPrefix) - (family === 'ipv4' && rawAddress.includes(':') ? 96 : 0);
  return prefix >= 0 && prefix <= bits ? { address, prefix, family } : null;
}

/** The trusted proxies as a matcher (node's BlockList: subnets of both families, IPv4-mapped IPv6 included). */
export function trustedProxies(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const parsed = parseTrustedProxy(entry);
    if (!parsed) throw new Error(`Not an IP address or CIDR range: ${entry}`);
    list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return list;
}

/**
 * The client's address. The direct peer (the socket's address) is the answer unless it is a
 * trusted proxy; then X-Forwarded-For is walked from the right (each proxy appends the address it
 * saw) and the first hop that is not a trusted proxy is the client. Entries left of it were written
 * by the client itself and are never read, so an untrusted client cannot choose its address. A
 * malformed entry stops the walk at the last trusted hop seen.
 */
export function resolveClientAddress(peer: string, forwardedFor: string | null, trusted: BlockList): string {
  let client = canonicalAddress(peer);
  if (!client) return peer;
  if (!forwardedFor || !isTrusted(client, trusted)) return client;
  const hops = forwardedFor.split(',').slice(-MAX_FORWARDED_HOPS).reverse();
  for (const hop of hops) {
    const address = canonicalAddress(stripPort(hop.trim()));
    if (!address) return client;
    client = address;
    if (!isTrusted(address, trusted)) return address;
  }
  return client;
}

/** The request's client address, given the socket's (Astro's clientAddress, or a test server's peer). */
export function clientAddressOf(request: Request, peer: string, trusted: BlockList): string {
  return resolveClientAddress(peer, request.headers.get('x-forwarded-for'), trusted);
}

/**
 * What a per-address rate limit counts: an IPv4 address as is (IPv4-mapped IPv6 included), an IPv6
 * address by its /64 prefix, since one customer line or host is given a whole /64. Anything else
 * (an e-mail, 'unknown') is returned unchanged.
 */
export function addressSubject(subject: string): string {
  const address = canonicalAddress(subject);
  if (!address || isIP(address) === 4) return address ?? subject;
  const groups = ipv6Groups(address);
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** A valid IP address in one spelling: IPv4 dotted, IPv4-mapped IPv6 as IPv4, other IPv6 as eight hex groups without zone; null when not an address. */
export function canonicalAddress(value: string): string | null {
  const withoutZone = value.includes(':') ? value.replace(/%[^%]*$/, '') : value;
  const family = isIP(withoutZone);
  if (family === 4) return withoutZone;
  if (family !== 6) return null;
  const groups = ipv6Groups(withoutZone);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return groups.map((g) => g.toString(16)).join(':');
}

function isTrusted(address: string, trusted: BlockList): boolean {
  return trusted.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
}

/** Some proxies write a port: 203.0.113.7:51234 or [2001:db8::1]:443. */
function stripPort(hop: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(hop);
  if (bracketed) return bracketed[1]!;
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(hop);
  return withPort ? withPort[1]! : hop;
}

/** The eight 16-bit groups of an address that isIP() accepted as IPv6 (an embedded IPv4 tail included). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}
