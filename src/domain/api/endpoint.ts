// One API endpoint, declared once for both sides (docs/architecture.md#the-api-contract): the
// server's router parses, authorises and validates with these schemas before a handler runs,
// the OpenAPI document is generated from them, and the browser's client is typed by them.
// Zod only: this module is imported by islands, so nothing of the server may reach it.
import type { z } from 'zod';

export type Method = 'GET' | 'POST';

/**
 * `public`: anyone, the session's customer if any; `customer`: a guest gets 401 before the input is read;
 * `staff`: a signed-in staff member (docs/decisions/0033-back-office-staff.md), anyone else is refused
 * before the input is read (401 without a staff session, 403 for a customer); `admin`: staff with the admin role.
 */
export type Auth = 'public' | 'customer' | 'staff' | 'admin';

export interface Endpoint {
  method: Method;
  /** Below /api; `:name` segments are path parameters. */
  path: string;
  summary: string;
  auth: Auth;
  /** The 401 message for a guest, where the generic one would not say enough. */
  guestMessage?: string;
  /** Schemas of the `:name` segments; a segment without one is an id (1 to 2^31-1). */
  params?: Record<string, z.ZodType>;
  /** A path parameter that names the customer: it must be the session's (403 otherwise). */
  selfParam?: string;
  query?: z.ZodType;
  /** Query parameters that must be present although the (shared) schema lets them be absent. */
  requiredQuery?: readonly string[];
  /** The body, from JSON, a URL-encoded form or a multipart form. */
  body?: z.ZodType;
  /** Bytes the body may have (the default suits forms and JSON calls). */
  bodyLimit?: number;
  /** The handler reads the body itself, as text (a signed webhook is verified over its exact bytes). */
  rawBody?: boolean;
  /** The answer's `data`, in wire form: snake_case, money in AED. */
  answer: z.ZodType;
  /**
   * A file answered as itself rather than in the JSON envelope (a CSV export, a tax invoice's PDF):
   * its media type. The answer schema then describes the file's text.
   */
  file?: 'text/csv' | 'application/pdf';
  /**
   * A read-only catalog answer, the same for every caller: kept in the server's route cache and
   * invalidated by the changes that alter it (docs/decisions/0037-route-cache.md#what-is-cached).
   * The answer must not depend on the session (the router does not look it up for these).
   */
  cache?: true;
}

/** Declares an endpoint, keeping its literal path and its schemas' types for the router and the client. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined;
type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends in the query string / body (before the schema's defaults and transforms). */
export type QueryInput<E extends Endpoint> = SchemaInput<E['query']>;
export type BodyInput<E extends Endpoint> = SchemaInput<E['body']>;
/** What the handler receives once the schema parsed it. */
export type QueryOf<E extends Endpoint> = SchemaOutput<E['query']>;
export type BodyOf<E extends Endpoint> = SchemaOutput<E['body']>;
/** The answer's `data` as it travels. */
export type AnswerOf<E extends Endpoint> = z.output<E['answer']>;

/** `'user/change_password/:id'` -> `'id'`. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type ParamsOf<E extends Endpoint> = [ParamNames<E['path']>] extends [never]
  ? undefined
  : Record<ParamNames<E['path']>, string | number>;

/**
 * An endpoint as the browser knows it: only its method and path at run time, its schemas' types
 * through the contract (src/client/api/endpoints.gen.ts is generated from the contract).
 */
export type EndpointRef<E extends Endpoint> = Pick<E, 'method' | 'path'> & { readonly __endpoint?: E };

/** A query or form value as text: lists and objects travel as JSON (the catalog's `category=[12,10]`). */
export function fieldText(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** A query's values as text, leaving out the absent ones (undefined or null). */
export function queryFields(query: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) fields[key] = fieldText(value);
  }
  return fields;
}

/** The path with its `:name` segments filled in, each value URL-encoded. */
export function pathOf(endpoint: Pick<Endpoint, 'path'>, params: Record<string, string | number> = {}): string {
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.path} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
