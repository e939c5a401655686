// Calling the API in tests the way the Astro route does (the session's user resolved, answers
// checked against their endpoint's contract), either typed by an endpoint of the contract
// (`callEndpoint`) or raw, for hostile and malformed requests (`callApi`).
import { expect } from 'vitest';
import {
  fieldText,
  pathOf,
  queryFields,
  type AnswerOf,
  type BodyInput,
  type Endpoint,
  type ParamsOf,
  type QueryInput,
} from '@/domain/api/endpoint';
import type { Db } from '@/server/db/client';
import { userForToken, type SessionUser } from '@/server/accounts/session.service';
import { api } from '@/server/api/index';
import type { ApiDeps } from '@/server/api/router';
import { app } from '@/server/app';
import { staffForToken } from '@/server/staff/staff.service';
import { STAFF_COOKIE } from '@/server/staff/staff-session';
import type { StaffCaller } from './staff';

/** Whoever calls: a customer with a live session (tests/shopping.ts signedInCustomer), or a guest. */
export interface Caller {
  user: SessionUser;
  token: string;
}

/** A raw answer's parsed body: what the server sent, to be narrowed by the test that reads it. */
export type Json = unknown;

/** The envelope every endpoint answers with; `data` is narrowed by the test that reads it. */
export interface Envelope<Data = unknown> {
  success: boolean;
  message: string;
  data: Data;
}

export interface Answer {
  status: number;
  body: Json;
  text: string;
  headers: Headers;
}

export interface CallOptions {
  /** Any method, for the router's 405 and HEAD answers; by default GET, or POST with a body. */
  method?: string;
  /** A form (URL-encoded, as the first clients send), a JSON value, or FormData (multipart). */
  form?: Record<string, string | number>;
  json?: unknown;
  multipart?: FormData;
  headers?: Record<string, string>;
  /** The signed-in customer, or none for a guest. */
  as?: Caller | null;
  /** A signed-in staff member (tests/staff.ts signedInStaff): the staff session cookie is sent. */
  staff?: StaffCaller | null;
  /** Raw body text with its own content type (for the webhook). */
  raw?: string;
  /** Further dependencies for the call (mailer, data dir, another client address). */
  deps?: Partial<ApiDeps>;
}

async function send(db: Db, path: string, options: CallOptions): Promise<{ response: Response; text: string }> {
  const headers: Record<string, string> = { ...options.headers };
  let body: BodyInit | undefined;
  if (options.form) body = new URLSearchParams(Object.entries(options.form).map(([k, v]) => [k, String(v)]));
  else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  } else if (options.multipart) body = options.multipart;
  else if (options.raw !== undefined) body = options.raw;
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  if (options.as) headers.authorization = `Bearer ${options.as.token}`;
  if (options.staff) headers.cookie = [headers.cookie, `${STAFF_COOKIE}=${options.staff.token}`].filter(Boolean).join('; ');
  const deps: ApiDeps = {
    db,
    user: options.as ? await userForToken(db, options.as.token) : null,
    sessionToken: options.as?.token ?? null,
    staff: options.staff ? await staffForToken(db, options.staff.token) : null,
    staffToken: options.staff?.token ?? null,
    siteUrl: 'http://shop.test',
    clientAddress: '198.51.100.1',
    // Every answer is checked against its endpoint's contract: a mismatch answers 500 and fails the test.
    checkAnswers: true,
    // The payment provider and Stripe settings the configuration gives (src/server/app.ts), over the test's database.
    payments: app().payments(db),
    stripe: app().stripe,
    ...options.deps,
  };
  const response = await api.handle(new Request(`http://shop.test/api/${path}`, { method, headers, body }), deps);
  return { response, text: await response.text() };
}

/** Calls /api/{path} raw: for requests no well-behaved client sends. */
export async function callApi(db: Db, path: string, options: CallOptions = {}): Promise<Answer> {
  const { response, text } = await send(db, path, options);
  let parsed: Json;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed, text, headers: response.headers };
}

export interface EndpointCall<E extends Endpoint> {
  query?: QueryInput<E>;
  body?: BodyInput<E>;
  params?: ParamsOf<E>;
  /** How the body travels: JSON (default), a URL-encoded form, or multipart. */
  encoding?: 'json' | 'form' | 'multipart';
  as?: Caller | null;
  staff?: StaffCaller | null;
  headers?: Record<string, string>;
  deps?: Partial<ApiDeps>;
}

export interface EndpointAnswer<E extends Endpoint> {
  status: number;
  success: boolean;
  message: string;
  /** A success's data, checked against the endpoint's answer schema. After a failure read `fields`. */
  data: AnswerOf<E>;
  /** A failure's field errors (422) or other details (retry_after). */
  fields: Record<string, unknown>;
  headers: Headers;
  text: string;
}

function formOf(body: object): Record<string, string> {
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, fieldText(v)]));
}

function multipartOf(body: object): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) form.append(k, v instanceof Blob ? v : fieldText(v));
  return form;
}

/** Calls one endpoint of the contract, typed by it: its query, body and path parameters in, its answer out. */
export async function callEndpoint<E extends Endpoint>(db: Db, endpoint: E, call: EndpointCall<E> = {}): Promise<EndpointAnswer<E>> {
  const search = new URLSearchParams(queryFields(call.query)).toString();
  const path = `${pathOf(endpoint, (call.params ?? {}) as Record<string, string | number>)}${search ? `?${search}` : ''}`;
  const body = call.body as object | undefined;
  const encoding = call.encoding ?? 'json';
  const { response, text } = await send(db, path, {
    method: endpoint.method,
    as: call.as,
    staff: call.staff,
    headers: call.headers,
    deps: call.deps,
    ...(body === undefined
      ? {}
      : encoding === 'json'
        ? { json: body }
        : encoding === 'form'
          ? { form: formOf(body) }
          : { multipart: multipartOf(body) }),
  });
  const envelope = JSON.parse(text) as { success: boolean; message: string; data?: unknown };
  return {
    status: response.status,
    success: envelope.success,
    message: envelope.message,
    data: envelope.data as AnswerOf<E>,
    fields: (envelope.success ? {} : (envelope.data ?? {})) as Record<string, unknown>,
    headers: response.headers,
    text,
  };
}

/** A fetch Response's envelope, typed instead of `Response.json()`'s any. */
export async function envelopeOf<Data = Record<string, unknown>>(response: Response): Promise<Envelope<Data>> {
  return (await response.json()) as Envelope<Data>;
}

/** What the status and field checks read of an answer. */
export type CheckedAnswer = Pick<EndpointAnswer<Endpoint>, 'status' | 'success' | 'message' | 'fields' | 'text'>;

/** The answer has this status, a success flag that agrees with it, and a message. */
export function expectStatus(r: CheckedAnswer, status: number) {
  expect(r.status, r.text).toBe(status);
  expect(r.success).toBe(status < 400);
  expect(typeof r.message).toBe('string');
}

/**
 * A 422 whose data names `field` with string messages (docs/decisions/0016-hostile-input.md);
 * `or-nested` also accepts a key inside it (`products.0.quantity` for `products`).
 */
export function expectFieldError(r: CheckedAnswer, field: string, message?: string, match: 'exact' | 'or-nested' = 'exact') {
  expectStatus(r, 422);
  expect(r.fields, r.text).toBeTypeOf('object');
  const keys = Object.keys(r.fields);
  if (match === 'exact') expect(keys, r.text).toContain(field);
  else
    expect(
      keys.some((k) => k === field || k.startsWith(`${field}.`)),
      `${keys.join()} should name ${field}`,
    ).toBe(true);
  for (const messages of Object.values(r.fields)) {
    expect(Array.isArray(messages)).toBe(true);
    for (const m of messages as unknown[]) expect(typeof m).toBe('string');
  }
  if (message !== undefined) expect(r.fields[field]).toContain(message);
}
