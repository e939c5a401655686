// Calls to the shop's own /api from the browser: the session cookie goes along by itself
// (docs/decisions/0008-sessions.md: no token in storage, no Authorization header), and every answer is read the same way.
// `call` is typed by an endpoint of the contract (src/domain/api): its query, body and path
// parameters in, its answer's wire data out (docs/architecture.md#the-api-contract).
import {
  pathOf,
  queryFields,
  type AnswerOf,
  type BodyInput,
  type Endpoint,
  type EndpointRef,
  type ParamsOf,
  type QueryInput,
} from '@/domain/api/endpoint';
export interface ApiAnswer<T> {
  /** HTTP status; 0 when the request never reached the server. */
  status: number;
  ok: boolean;
  message: string | null;
  data: T | null;
  /** The first message of each field from a 422 answer. */
  fields: Record<string, string>;
  /** Seconds to wait from a 429: data.retry_after, else the Retry-After header. */
  retryAfter: number | null;
  /** The whole body, for the few answers that carry more (the OTP answers' status). */
  body: Record<string, unknown>;
}

function secondsOf(value: unknown): number | null {
  const n = Number(value);
  return value !== null && value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? Math.ceil(n) : null;
}

export interface ApiRequest {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number>;
  json?: unknown;
  form?: FormData;
  /** Aborts the request (a newer one replaces it); the answer is then status 0. */
  signal?: AbortSignal;
}

function firstMessages(data: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return fields;
  for (const [key, value] of Object.entries(data)) {
    if (Array.isArray(value) && typeof value[0] === 'string') fields[key] = value[0];
    else if (typeof value === 'string') fields[key] = value;
  }
  return fields;
}

async function callApi<T = unknown>(path: string, request: ApiRequest = {}): Promise<ApiAnswer<T>> {
  const url = new URL(`/api/${path.replace(/^\/+/, '')}`, location.origin);
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, String(value));
  const init: RequestInit = {
    method: request.method ?? (request.json !== undefined || request.form ? 'POST' : 'GET'),
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  };
  if (request.signal) init.signal = request.signal;
  if (request.json !== undefined) {
    init.headers = { ...init.headers, 'content-type': 'application/json' };
    init.body = JSON.stringify(request.json);
  } else if (request.form) {
    init.body = request.form; // the browser sets the multipart boundary
  }
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    return { status: 0, ok: false, message: null, data: null, fields: {}, retryAfter: null, body: {} };
  }
  const parsed: unknown = await response.json().catch(() => null);
  const body = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  const message = typeof body.message === 'string' && body.message.trim() !== '' ? body.message : null;
  const data = 'data' in body ? (body.data as T) : null;
  const retryAfter =
    secondsOf((body.data as { retry_after?: unknown } | null | undefined)?.retry_after) ?? secondsOf(response.headers.get('retry-after'));
  return {
    status: response.status,
    ok: response.ok,
    message,
    data,
    fields: response.status === 422 ? firstMessages(body.data) : {},
    retryAfter,
    body,
  };
}

export interface EndpointRequest<E extends Endpoint> {
  query?: QueryInput<E>;
  body?: BodyInput<E>;
  params?: ParamsOf<E>;
  /** A multipart form instead of JSON (file uploads). */
  form?: FormData;
  signal?: AbortSignal;
}

/**
 * Calls one endpoint of the contract, named through the generated table (`endpoints.catalog.productList`
 * from src/client/api/endpoints.gen.ts); `data` is its answer in wire form (snake_case, AED).
 */
export function call<E extends Endpoint>(endpoint: EndpointRef<E>, request: EndpointRequest<E> = {}): Promise<ApiAnswer<AnswerOf<E>>> {
  return callApi<AnswerOf<E>>(pathOf(endpoint, (request.params ?? {}) as Record<string, string | number>), {
    method: endpoint.method,
    query: queryFields(request.query),
    json: request.form ? undefined : request.body,
    form: request.form,
    signal: request.signal,
  });
}
