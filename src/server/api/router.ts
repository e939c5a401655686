// Maps /api paths to handlers. A handler parses, authorises, calls one service and answers;
// errors become clear JSON answers, and unexpected ones are logged with context, never leaked.
// Path parameters are ids checked here with the shared id schema, and the database's
// invalid-input errors answer 422 as a last line of defence (docs/decisions/0016-hostile-input.md).
import { z } from 'zod';
import { idField } from '@/domain/input';
import { inputMessages } from '@/domain/messages/input';
import type { Db } from '@/server/db/client';
import type { Mailer } from '@/server/mail/mailer';
import type { SessionUser } from '@/server/accounts/session.service';
import { DomainError, ValidationError, databaseInputError } from '@/server/errors';
import { log } from '@/server/log';
import { databaseUnavailable, isDatabaseUnavailable } from '@/server/db/faults';
import { errorResponse, fail, parseWith } from './http';

export interface ApiDeps {
  db: Db;
  /** The client's network address, for per-address rate limits. */
  clientAddress?: string;
  /** Origins besides the request's own that may send state-changing requests (the public site). */
  trustedOrigins?: string[];
  /** The session's user (resolved by the middleware) and the token that carried it. */
  user?: SessionUser | null;
  sessionToken?: string | null;
  mailer?: Mailer;
  shopName?: string;
  dataDir?: string;
  /** Session cookies get `Secure` (production). */
  secureCookies?: boolean;
}

export interface ApiContext {
  request: Request;
  url: URL;
  db: Db;
  clientAddress: string;
  params: Record<string, string>;
  user: SessionUser | null;
  sessionToken: string | null;
  mailer: Mailer;
  shopName: string;
  dataDir: string;
  secureCookies: boolean;
}

const noMailer: Mailer = {
  send: async () => {
    throw new Error('No mailer configured for this API instance');
  },
};

export type Handler = (ctx: ApiContext) => Promise<Response>;

export interface Route {
  method: 'GET' | 'POST';
  /** Path below /api; `:name` segments become params. */
  path: string;
  summary: string;
  query?: z.ZodType;
  /** Only for a signed-in customer: a guest gets 401 before the input is even read. */
  signedIn?: boolean;
  /** Query parameters the handler requires beyond what the schema marks required. */
  requiredQuery?: string[];
  /** Schemas for the `:name` path segments; a segment without one must be an id (1 to 2^31-1). */
  params?: Record<string, z.ZodType>;
  handler: Handler;
}

interface CompiledRoute extends Route {
  pattern: RegExp;
  names: string[];
}

const pathId = idField();

/** The path's `:name` values, decoded and checked; handlers get each as the canonical text of its parsed value. */
function pathParams(route: CompiledRoute, values: string[]): Record<string, string> {
  const params: Record<string, string> = {};
  route.names.forEach((name, i) => {
    let raw: string;
    try {
      raw = decodeURIComponent(values[i] ?? '');
    } catch {
      // A lone '%', or percent-encoded bytes that are not UTF-8.
      throw new ValidationError(inputMessages.invalidPath, { [name]: [inputMessages.invalidPath] });
    }
    params[name] = String(parseWith(z.object({ [name]: route.params?.[name] ?? pathId }), { [name]: raw })[name]);
  });
  return params;
}

export function createRouter(routes: Route[]) {
  const compiled: CompiledRoute[] = routes.map((route) => {
    const names: string[] = [];
    const source = route.path
      .split('/')
      .map((part) => (part.startsWith(':') ? (names.push(part.slice(1)), '([^/]+)') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return { ...route, pattern: new RegExp(`^${source}/?$`), names };
  });

  async function handle(request: Request, deps: ApiDeps): Promise<Response> {
    const url = new URL(request.url);
    if (isCrossSiteWrite(request, url, deps.trustedOrigins ?? [])) return fail(403, 'Cross-site requests are not allowed');
    const path = url.pathname.replace(/^\/api\/?/, '');
    const matches = compiled.filter((r) => r.pattern.test(path));
    if (matches.length === 0) return fail(404, 'No such API endpoint');
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const route = matches.find((r) => r.method === method);
    if (!route)
      return fail(405, `Use ${matches.map((r) => r.method).join(' or ')} for this endpoint`, undefined, {
        allow: matches.map((r) => r.method).join(', '),
      });
    if (route.signedIn && !deps.user) return fail(401, 'Please sign in to continue');
    try {
      const params = pathParams(route, route.pattern.exec(path)!.slice(1));
      return await route.handler({
        request,
        url,
        db: deps.db,
        clientAddress: deps.clientAddress ?? 'unknown',
        params,
        user: deps.user ?? null,
        sessionToken: deps.sessionToken ?? null,
        mailer: deps.mailer ?? noMailer,
        shopName: deps.shopName ?? 'Safe Buddy',
        dataDir: deps.dataDir ?? './data',
        secureCookies: deps.secureCookies ?? false,
      });
    } catch (error) {
      if (error instanceof DomainError) return errorResponse(error);
      // A database that is down or hung is not a bug: 503 with Retry-After (docs/decisions/0015-database-faults-and-operations.md).
      if (isDatabaseUnavailable(error)) return errorResponse(databaseUnavailable(error, { method: request.method, path: url.pathname }));
      const context = { method: request.method, route: route.path, path: url.pathname, query: url.search };
      const refused = databaseInputError(error);
      if (refused) {
        // The input passed the schemas but not the database: the schema needs tightening, the client gets a 422.
        log.warn('API input refused by the database', { ...context, sqlState: refused.code, column: refused.column });
        return fail(422, inputMessages.invalidValue, { [refused.column ?? '_']: [inputMessages.invalidValue] });
      }
      log.error('API request failed', { ...context, error });
      return fail(500, 'Something went wrong on our side. Please try again in a moment.');
    }
  }

  return { handle, routes: compiled as readonly Route[] };
}

/**
 * D3: a state-changing request from another site is refused, whatever its content type (a JSON
 * body does not protect a cookie session). Browsers send Sec-Fetch-Site and Origin; clients
 * that send neither (curl, apps with a bearer token) carry no ambient cookie risk.
 */
export function isCrossSiteWrite(request: Request, url: URL, trustedOrigins: string[]): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return false;
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite === 'cross-site') return true;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  return origin !== url.origin && !trustedOrigins.includes(origin);
}
