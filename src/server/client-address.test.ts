// The client's address behind trusted proxies, and what a per-address limit counts
// (docs/decisions/0014-client-address-and-sliding-limits.md).
import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/server/config';
import {
  addressSubject,
  canonicalAddress,
  clientAddressOf,
  parseTrustedProxy,
  resolveClientAddress,
  trustedProxies,
} from './client-address';

const proxies = trustedProxies(['10.0.0.0/8', '192.0.2.10', '2001:db8:ffff::/48']);
const none = trustedProxies([]);

describe('resolveClientAddress', () => {
  it('takes the right-most hop that is not a trusted proxy when the peer is one', () => {
    expect(resolveClientAddress('10.0.0.5', '198.51.100.7', proxies)).toBe('198.51.100.7');
    // Two trusted proxies in a row (a CDN then a load balancer); the client's own entry is left of them.
    expect(resolveClientAddress('10.0.0.5', '6.6.6.6, 198.51.100.7, 192.0.2.10', proxies)).toBe('198.51.100.7');
    expect(resolveClientAddress('192.0.2.10', '2001:db8:1:2::99,2001:db8:ffff:1::1', proxies)).toBe('2001:db8:1:2:0:0:0:99');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy, so a client cannot choose its address', () => {
    expect(resolveClientAddress('203.0.113.9', '198.51.100.7', proxies)).toBe('203.0.113.9');
    expect(resolveClientAddress('203.0.113.9', '198.51.100.7', none)).toBe('203.0.113.9');
    expect(resolveClientAddress('10.0.0.5', '198.51.100.7', none)).toBe('10.0.0.5');
  });

  it('matches a peer or hop written as IPv4-mapped IPv6 against IPv4 ranges and answers the IPv4 address', () => {
    expect(resolveClientAddress('::ffff:10.1.2.3', '::ffff:198.51.100.7', proxies)).toBe('198.51.100.7');
    expect(resolveClientAddress('::ffff:203.0.113.9', null, proxies)).toBe('203.0.113.9');
  });

  it('reads ports and brackets some proxies write', () => {
    expect(resolveClientAddress('10.0.0.5', '198.51.100.7:51234', proxies)).toBe('198.51.100.7');
    expect(resolveClientAddress('10.0.0.5', '[2001:db8::7]:443', proxies)).toBe('2001:db8:0:0:0:0:0:7');
  });

  it('stops at a malformed hop and keeps the last trusted hop, never the garbage', () => {
    expect(resolveClientAddress('10.0.0.5', 'not-an-address', proxies)).toBe('10.0.0.5');
    expect(resolveClientAddress('10.0.0.5', '198.51.100.7, , 10.0.0.6', proxies)).toBe('10.0.0.6');
    expect(resolveClientAddress('10.0.0.5', 'unknown, 10.0.0.6', proxies)).toBe('10.0.0.6');
    expect(resolveClientAddress('10.0.0.5', '', proxies)).toBe('10.0.0.5');
    expect(resolveClientAddress('10.0.0.5', `1.2.3.4${', 10.0.0.7'.repeat(500)}`, proxies)).toBe('10.0.0.7');
  });

  it('answers the furthest trusted hop when every hop is a trusted proxy', () => {
    expect(resolveClientAddress('10.0.0.5', '10.9.9.9, 10.0.0.6', proxies)).toBe('10.9.9.9');
  });

  it('keeps a peer that is not an address as it is', () => {
    expect(resolveClientAddress('unknown', '198.51.100.7', proxies)).toBe('unknown');
  });

  it('reads the header from a request', () => {
    const request = new Request('http://shop.test/api/login', { headers: { 'x-forwarded-for': '203.0.113.50' } });
    expect(clientAddressOf(request, '10.0.0.5', proxies)).toBe('203.0.113.50');
    expect(clientAddressOf(request, '203.0.113.1', proxies)).toBe('203.0.113.1');
  });
});

describe('addressSubject', () => {
  it('counts an IPv6 address by its /64, whatever its spelling', () => {
    expect(addressSubject('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressSubject('2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressSubject('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressSubject('::1')).toBe('0:0:0:0::/64');
  });

  it('counts IPv4 and IPv4-mapped IPv6 as the IPv4 address, and leaves e-mails alone', () => {
    expect(addressSubject('192.0.2.1')).toBe('192.0.2.1');
    expect(addressSubject('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressSubject('::ffff:c000:201')).toBe('192.0.2.1');
    expect(addressSubject('someone@example.com')).toBe('someone@example.com');
    expect(addressSubject('register:someone@example.com')).toBe('register:someone@example.com');
  });
});

describe('TRUSTED_PROXIES', () => {
  it('accepts addresses and CIDR ranges of both families, separated by commas', () => {
    expect(parseConfig({ TRUSTED_PROXIES: ' 10.0.0.0/8, 192.0.2.10 ,2001:db8::/32,::1' }).TRUSTED_PROXIES).toEqual([
      '10.0.0.0/8',
      '192.0.2.10',
      '2001:db8::/32',
      '::1',
    ]);
    expect(parseConfig({}).TRUSTED_PROXIES).toEqual([]);
    expect(parseConfig({ TRUSTED_PROXIES: '' }).TRUSTED_PROXIES).toEqual([]);
  });

  it('refuses a malformed entry at startup, naming it', () => {
    for (const bad of ['10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/1', '2001:db8::/129', '10.0.0.0/-1', '10.0.0.0/', '999.1.1.1']) {
      expect(() => parseConfig({ TRUSTED_PROXIES: `192.0.2.1,${bad}` }), bad).toThrow(
        new RegExp(`TRUSTED_PROXIES: .*${bad.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`),
      );
    }
  });

  it('parses one entry into a subnet, or null', () => {
    expect(parseTrustedProxy('::ffff:10.0.0.1')).toEqual({ address: '10.0.0.1', prefix: 32, family: 'ipv4' });
    expect(parseTrustedProxy('2001:db8::/32')).toEqual({ address: '2001:db8:0:0:0:0:0:0', prefix: 32, family: 'ipv6' });
    expect(parseTrustedProxy('::ffff:10.0.0.0/104')).toEqual({ address: '10.0.0.0', prefix: 8, family: 'ipv4' });
    expect(parseTrustedProxy('::ffff:10.0.0.0/64')).toBeNull();
    expect(parseTrustedProxy('10.0.0.0/08x')).toBeNull();
    expect(canonicalAddress('1.2.3.4 ')).toBeNull();
  });
});
