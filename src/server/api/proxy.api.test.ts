// Behind a real reverse proxy (http-proxy-3, appending X-Forwarded-For as nginx or a CDN does):
// with TRUSTED_PROXIES naming the proxy, one client hammering sign-in does not lock out another;
// a client that is not a trusted proxy cannot choose its address with the header
// (docs/decisions/0014-client-address-and-sliding-limits.md).
//
// The app is a small HTTP server around the real router, resolving the client's address exactly
// as src/pages/api/[...path].ts does: clientAddressOf(request, the socket's peer, trusted).
// Clients get distinct real addresses by binding to 127.0.0.x, so the proxy writes what it saw.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProxyServer, type ProxyServer } from 'http-proxy-3';
import { api } from '@/server/api/index';
import { clientAddressOf, trustedProxies } from '@/server/client-address';
import { config } from '@/server/config';
import { LOGIN_LIMIT_PER_ADDRESS } from '@/server/accounts/accounts.service';
import { freshDatabase, type TestDatabase } from '../../../tests/db';
import { insertUser, recordingMailer, type UserRow } from '../../../tests/accounts';

let database: TestDatabase;
let customer: UserRow & { password: string };
/** Accounts for the wrong sign-ins: each tried once per client, so only the per-address limit is reached (cheap hashes keep it fast). */
let targets: UserRow[] = [];
const servers: { close(callback?: () => void): unknown }[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  customer = await insertUser(database.db);
  targets = await Promise.all(Array.from({ length: addressLimit() + 6 }, () => insertUser(database.db)));
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  await database.dispose();
});

/** The router behind a plain Node server that trusts `trustedProxyList`; answers its base URL. */
async function appServer(trustedProxyList: string[]): Promise<string> {
  const trusted = trustedProxies(trustedProxyList);
  const mailer = recordingMailer();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
    const request = new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body });
    const response = await api.handle(request, {
      db: database.db,
      clientAddress: clientAddressOf(request, req.socket.remoteAddress ?? 'unknown', trusted),
      mailer,
      shopName: 'Safe Buddy',
    });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  servers.push(server);
  return listen(server);
}

/** A reverse proxy to `target` that appends the client's address to X-Forwarded-For. */
async function reverseProxy(target: string): Promise<string> {
  const proxy: ProxyServer = createProxyServer({ target, xfwd: true });
  const server = http.createServer((req, res) => proxy.web(req, res));
  servers.push(server);
  return listen(server);
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** POST /api/login from the local address `from` (127.0.0.x), optionally with an X-Forwarded-For of the client's own. */
function login(base: string, from: string, email: string, password: string, forwardedFor?: string): Promise<number> {
  const body = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/api/login`,
      {
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const addressLimit = () => LOGIN_LIMIT_PER_ADDRESS.limit * config().RATE_LIMIT_SCALE;

/** Wrong sign-ins from `from`, each for another account, until 429; answers how many were let through. */
async function hammerUntilRefused(base: string, from: string, forwardedFor?: (i: number) => string): Promise<number> {
  for (const [i, target] of targets.entries()) {
    const status = await login(base, from, target.email, 'Wrong-Pass-1!', forwardedFor?.(i));
    if (status === 429) return i;
    expect(status).toBe(401);
  }
  throw new Error(`${from} was never refused`);
}

describe('behind a reverse proxy', () => {
  it('with TRUSTED_PROXIES naming the proxy, a client hammering sign-in until 429 does not lock out another client', async () => {
    const proxy = await reverseProxy(await appServer(['127.0.0.1']));
    // Client A (127.0.0.2) also forges X-Forwarded-For each time: the proxy appends its real address after the forgery.
    expect(await hammerUntilRefused(proxy, '127.0.0.2', (i) => `203.0.113.${i + 1}`)).toBe(addressLimit());
    expect(await login(proxy, '127.0.0.2', customer.email, customer.password)).toBe(429);
    // Client B (127.0.0.3) through the same proxy signs in.
    expect(await login(proxy, '127.0.0.3', customer.email, customer.password)).toBe(200);
  });

  it('without TRUSTED_PROXIES, a direct client forging X-Forwarded-For is still counted by its own address', async () => {
    const app = await appServer([]);
    expect(await hammerUntilRefused(app, '127.0.0.4', (i) => `198.51.100.${i + 1}`)).toBe(addressLimit());
    expect(await login(app, '127.0.0.4', customer.email, customer.password, '192.0.2.200')).toBe(429);
    expect(await login(app, '127.0.0.5', customer.email, customer.password)).toBe(200);
  });

  it('with TRUSTED_PROXIES set, a client reaching the app directly (not through the proxy) cannot choose its address either', async () => {
    const app = await appServer(['127.0.0.1']);
    expect(await hammerUntilRefused(app, '127.0.0.6', (i) => `192.0.2.${i + 1}`)).toBe(addressLimit());
  });
});
