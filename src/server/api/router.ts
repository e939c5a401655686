// Maps /api paths to handlers. Each route is an endpoint of the contract (src/domain/api) and a
// handler: before the handler runs, the router checks the caller (a guest gets 401), parses the
// path, query and body with the endpoint's schemas (422 naming each field) and checks that a
// customer id in the input is the session's (403); the handler only calls a service and shapes
// the answer, which is checked against the endpoint's answer schema where answers are checked
// (tests, development). Errors become clear JSON answers; unexpected ones are logged with
// context, never leaked; the database's invalid-input errors answer 422 as a last line of
// defence (docs/decisions/0016-hostile-input.md, docs/architecture.md#the-api-contract).
import type { InvoiceSettings } from '@/server/invoices/invoice-settings';
import { z } from 'zod';
import type { Endpoint, BodyOf, QueryOf, ParamNames } from '@/domain/api/endpoint';
import { idField } from '@/domain/input';
import { inputMessages } from '@/domain/messages/input';
import type { Db } from '@/server/db/client';
import type { Mailer } from '@/server/mail/mailer';
import type { PaymentProvider } from '@/server/payments/payment-provider';
import type { StripeOptions } from '@/server/payments/stripe.provider';
import type { SessionUser } from '@/server/accounts/session.service';
import type { StaffMember } from '@/server/staff/staff.service';
import { staffMessages } from '@/domain/messages/staff';
import { DomainError, ValidationError, databaseInputError } from '@/server/errors';
import { log } from '@/server/log';
import { databaseUnavailable, isDatabaseUnavailable } from '@/server/db/faults';
import { errorResponse, fail, fieldErrorsOf, ok, parseWith, queryObject, readBody } from './http';
import { requireSelf } from '@/server/accounts/accounts.service';
import { API_RULE } from '@/server/cache/rules';
import { folderPhotoStore, photoDirectory, type PhotoStore } from '@/server/uploads/photo-store';

export interface ApiDeps {
  db: Db;
  /** The client's network address, for per-address rate limits. */
  clientAddress?: string;
  /** Origins besides the request's own that may send state-changing requests (the public site). */
  trustedOrigins?: string[];
  /** The session's user (resolved by the middleware) and the token that carried it. */
  user?: SessionUser | null;
  sessionToken?: string | null;
  /** The staff session's member (resolved by the middleware on /api/admin) and its token. */
  staff?: StaffMember | null;
  staffToken?: string | null;
  /** The public address of the shop, for links in mails. */
  siteUrl?: string;
  mailer?: Mailer;
  shopName?: string;
  dataDir?: string;
  /** Where product photos' files go (docs/decisions/0046-product-photos.md). */
  photoStore?: PhotoStore;
  /** Session cookies get `Secure` (production). */
  secureCookies?: boolean;
  /** Check every answer against its endpoint's answer schema (tests and development): a mismatch answers 500. */
  checkAnswers?: boolean;
  /** The app's card payment provider for `db` (null: card payment off) and Stripe's settings (null: no keys). */
  payments?: PaymentProvider | null;
  stripe?: StripeOptions | null;
  /** The app's clock (order holds). */
  /** The shop as the supplier on its tax invoices; absent or null: none is issued (docs/decisions/0051-tax-invoices.md). */
  invoicing?: InvoiceSettings | null;
  now?: () => Date;
  /** The request's route cache (Astro's `context.cache`): set for the contract's `cache` endpoints. */
  cache?: RouteCacheControl;
}

/** What the router needs of Astro's per-request cache object. */
export interface RouteCacheControl {
  set(options: { maxAge?: number; swr?: number; tags?: string[] }): void;
}

export interface ApiContext {
  request: Request;
  url: URL;
  db: Db;
  clientAddress: string;
  params: Record<string, string>;
  user: SessionUser | null;
  sessionToken: string | null;
  staff: StaffMember | null;
  staffToken: string | null;
  siteUrl: string;
  mailer: Mailer;
  shopName: string;
  dataDir: string;
  photoStore: PhotoStore;
  secureCookies: boolean;
  payments: PaymentProvider | null;
  stripe: StripeOptions | null;
  invoicing: InvoiceSettings | null;
  now: () => Date;
}

const noMailer: Mailer = {
  send: async () => {
    throw new Error('No mailer configured for this API instance');
  },
};

/** What a contract route's handler answers: the data (wire form), the message, and optionally a status and headers. */
export interface Reply<Data> {
  data: Data;
  message: string;
  status?: number;
  headers?: Record<string, string>;
  /** For a cached endpoint: the tags of what the answer shows, e.g. its products' (server/cache/tags.ts). */
  cacheTags?: string[];
}

/** The input the router parsed and checked for the handler. */
export interface RouteInput<E extends Endpoint> {
  query: QueryOf<E>;
  body: BodyOf<E>;
  params: Record<ParamNames<E['path']>, string>;
  /** The session's customer; never null for an endpoint with `auth: 'customer'`. */
  user: E['auth'] extends 'customer' ? SessionUser : SessionUser | null;
  /** The staff member; never null for an endpoint with `auth: 'staff'` or `'admin'`. */
  staff: E['auth'] extends 'staff' | 'admin' ? StaffMember : StaffMember | null;
}

export type RouteHandler<E extends Endpoint> = (ctx: ApiContext, input: RouteInput<E>) => Promise<Reply<z.input<E['answer']>> | Response>;

export interface ContractRoute {
  endpoint: Endpoint;
  handler: (ctx: ApiContext, input: RouteInput<Endpoint>) => Promise<Reply<unknown> | Response>;
}

/** Binds a handler to its endpoint of the contract. */
export function route<const E extends Endpoint>(endpoint: E, handler: RouteHandler<E>): ContractRoute {
  return { endpoint, handler: handler as unknown as ContractRoute['handler'] };
}

/** A route as the router serves it: its endpoint and handler, and the path's pattern. */
export interface CompiledRoute {
  method: Endpoint['method'];
  path: string;
  query?: z.ZodType;
  pattern: RegExp;
  names: string[];
  /** Schemas of the path's `:name` segments. */
  params?: Record<string, z.ZodType>;
  contract: ContractRoute;
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

function compile(contract: ContractRoute): CompiledRoute {
  const { method, path, params, query } = contract.endpoint;
  const names: string[] = [];
  const source = path
    .split('/')
    .map((part) => (part.startsWith(':') ? (names.push(part.slice(1)), '([^/]+)') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { method, path, params, query, pattern: new RegExp(`^${source}/?$`), names, contract };
}

/** Customer ids a client may send (for compatibility): each must be the session's customer. */
const CLAIMED_CUSTOMER_FIELDS = ['customer_id', 'user_id'] as const;

function claimedIds(...inputs: unknown[]): unknown[] {
  const ids: unknown[] = [];
  for (const input of inputs) {
    if (input === null || typeof input !== 'object') continue;
    for (const field of CLAIMED_CUSTOMER_FIELDS) if (field in input) ids.push((input as Record<string, unknown>)[field]);
  }
  return ids;
}

/** Parses, authorises and validates a contract route's input, runs its handler and shapes (and, where asked, checks) its answer. */
async function runContract(route: ContractRoute, ctx: ApiContext, checkAnswers: boolean, cache?: RouteCacheControl): Promise<Response> {
  const { endpoint } = route;
  // A path that names another customer is refused before anything is read (a 403, not a 422 about the body).
  if (ctx.user && endpoint.selfParam) requireSelf(ctx.user, ctx.params[endpoint.selfParam]);
  // The query and the body are both checked, so one 422 names every field that is wrong.
  const refused: ValidationError[] = [];
  const parsed = async (read: () => unknown) => {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      refused.push(error);
      return undefined;
    }
  };
  const query = await parsed(() => {
    if (!endpoint.query) return undefined;
    const raw = queryObject(ctx.url);
    const missing = (endpoint.requiredQuery ?? []).filter((name) => !raw[name]);
    if (missing.length > 0)
      throw new ValidationError(`${missing[0]} is required`, Object.fromEntries(missing.map((name) => [name, [`${name} is required`]])));
    return parseWith(endpoint.query, raw);
  });
  const body = await parsed(async () =>
    // A raw body is the handler's to read (a signed webhook is verified over its exact bytes).
    endpoint.body && !endpoint.rawBody
      ? parseWith(endpoint.body, await readBody(ctx.request, { maxBytes: endpoint.bodyLimit }))
      : undefined,
  );
  if (refused.length > 0) throw new ValidationError(refused[0]!.message, Object.assign({}, ...refused.map((e) => e.fields)));
  if (ctx.user) for (const claimed of claimedIds(query, body)) requireSelf(ctx.user, claimed as string | number | null | undefined);
  const reply = await route.handler(ctx, { query, body, params: ctx.params, user: ctx.user, staff: ctx.staff } as RouteInput<Endpoint>);
  if (reply instanceof Response) return reply;
  if (checkAnswers) {
    const checked = endpoint.answer.safeParse(reply.data);
    if (!checked.success) {
      const problems = fieldErrorsOf(checked.error);
      log.error('API answer does not match its contract', { method: endpoint.method, route: endpoint.path, problems });
      return fail(500, `The answer of ${endpoint.method} ${endpoint.path} does not match its contract`, problems);
    }
  }
  const status = reply.status ?? 200;
  // A catalog answer is kept in the route cache under its rule's tags and its own (docs/decisions/0037-route-cache.md#tags).
  if (endpoint.cache && cache && status === 200) cache.set({ ...API_RULE, tags: [...API_RULE.tags, ...(reply.cacheTags ?? [])] });
  return ok(reply.data, reply.message, status, reply.headers ?? {});
}

/**
 * The back office's door (docs/decisions/0033-back-office-staff.md): a staff or admin endpoint
 * refuses anyone without a staff session before reading the input: 401 for a guest, 403 for a
 * signed-in customer (a shopper's session never opens it), 403 for staff without the admin role.
 */
function staffRefusal(auth: Endpoint['auth'], deps: ApiDeps): Response | null {
  if (auth !== 'staff' && auth !== 'admin') return null;
  if (!deps.staff) return deps.user ? fail(403, staffMessages.customerRefused) : fail(401, staffMessages.guestRefused);
  if (auth === 'admin' && deps.staff.role !== 'admin') return fail(403, staffMessages.adminOnly);
  return null;
}

export function createRouter(routes: ContractRoute[]) {
  const compiled = routes.map(compile);

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
    const { auth } = route.contract.endpoint;
    if (auth === 'customer' && !deps.user) return fail(401, route.contract.endpoint.guestMessage ?? 'Please sign in to continue');
    const refusal = staffRefusal(auth, deps);
    if (refusal) return refusal;
    try {
      const params = pathParams(route, route.pattern.exec(path)!.slice(1));
      const ctx: ApiContext = {
        request,
        url,
        db: deps.db,
        clientAddress: deps.clientAddress ?? 'unknown',
        params,
        user: deps.user ?? null,
        sessionToken: deps.sessionToken ?? null,
        staff: deps.staff ?? null,
        staffToken: deps.staffToken ?? null,
        siteUrl: deps.siteUrl ?? 'http://localhost:4321',
        mailer: deps.mailer ?? noMailer,
        shopName: deps.shopName ?? 'Safe Buddy',
        dataDir: deps.dataDir ?? './data',
        // As dataDir: without the app's store, the folder under the data directory.
        photoStore: deps.photoStore ?? folderPhotoStore(photoDirectory(deps.dataDir ?? './data')),
        secureCookies: deps.secureCookies ?? false,
        payments: deps.payments ?? null,
        stripe: deps.stripe ?? null,
        invoicing: deps.invoicing ?? null,
        now: deps.now ?? (() => new Date()),
      };
      return await runContract(route.contract, ctx, deps.checkAnswers ?? false, deps.cache);
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

  /** Whether a request goes to an endpoint whose answers are cached (the middleware then skips the session). */
  function isCached(method: string, pathname: string): boolean {
    if (method !== 'GET' && method !== 'HEAD') return false;
    const path = pathname.replace(/^\/api\/?/, '');
    return compiled.some((r) => r.method === 'GET' && r.contract.endpoint.cache === true && r.pattern.test(path));
  }

  return { handle, isCached, routes: compiled as readonly CompiledRoute[] };
}

/**
 * docs/decisions/0008-sessions.md: a state-changing request from another site is refused, whatever its content type (a JSON
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
