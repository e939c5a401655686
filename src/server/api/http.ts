// The API's answer shapes (docs/decisions/0018-one-http-api.md): { success, message, data }, 422 with field errors.
import { z } from 'zod';
import { inputMessages } from '@/domain/messages/input';
import { isCleanText } from '@/domain/text-checks';
import { DomainError, PayloadTooLargeError, ValidationError, type FieldErrors } from '@/server/errors';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/**
 * A JSON answer with its length: the server's compression leaves an answer under its threshold
 * (1 KB, scripts/server.ts) as it is only when it knows the length beforehand; otherwise every
 * small answer pays a gzip stream of its own (docs/decisions/0040-mail-outbox.md#checkout-under-load).
 */
function json(body: unknown, status: number, headers: Record<string, string>): Response {
  const text = JSON.stringify(body);
  return new Response(text, { status, headers: { ...JSON_HEADERS, 'content-length': String(Buffer.byteLength(text)), ...headers } });
}

export function ok(data: unknown, message = 'OK', status = 200, headers: Record<string, string> = {}): Response {
  return json({ success: true, message, data, status }, status, headers);
}

export function fail(
  status: number,
  message: string,
  fields?: FieldErrors | Record<string, unknown>,
  headers: Record<string, string> = {},
): Response {
  const body: Record<string, unknown> = { success: false, message, status };
  if (fields) body.data = fields;
  return json(body, status, headers);
}

/**
 * An empty table of field errors without a prototype: an input's keys become its keys, and a field
 * named `constructor` or `toString` must not find Object's methods there.
 */
function noFieldErrors(): FieldErrors {
  return Object.create(null) as FieldErrors;
}

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields = noFieldErrors();
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** No form nests deeper than a list of objects; anything deeper is refused before any schema walks it. */
export const MAX_INPUT_DEPTH = 8;

/**
 * Every field of the input that holds a control character (other than tab and line breaks) or a
 * lone surrogate, at any depth, keys included - whatever the schema says of the field, even
 * fields it ignores (docs/decisions/0016-hostile-input.md). Single-line fields are stricter in
 * their own schemas.
 */
export function dirtyFields(input: unknown): FieldErrors {
  const fields = noFieldErrors();
  const visit = (value: unknown, at: string[], depth: number) => {
    const key = at.length > 0 ? at.join('.') : '_';
    if (typeof value === 'string') {
      if (!isCleanText(value)) (fields[key] ??= []).push(inputMessages.controlCharacters);
      return;
    }
    if (value === null || typeof value !== 'object' || value instanceof Blob) return;
    if (depth >= MAX_INPUT_DEPTH) {
      (fields[key] ??= []).push(inputMessages.invalidValue);
      return;
    }
    for (const [k, v] of Object.entries(value)) {
      if (!isCleanText(k)) (fields[key] ??= []).push(inputMessages.controlCharacters);
      else visit(v, [...at, k], depth + 1);
    }
  };
  visit(input, [], 0);
  return fields;
}

function refuse(fields: FieldErrors): never {
  const [firstField, firstMessages] = Object.entries(fields)[0] ?? ['_', ['is invalid']];
  const message = firstField === '_' ? firstMessages[0]! : `${firstField}: ${firstMessages[0]}`;
  throw new ValidationError(message, fields);
}

/** Parse a query or body with a zod schema; a failure becomes a 422 naming each field. */
export function parseWith<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const dirty = dirtyFields(input);
  const result = schema.safeParse(input);
  if (result.success && Object.keys(dirty).length === 0) return result.data;
  // A field with control characters says so; the other fields keep their own schema's messages.
  refuse({ ...(result.success ? {} : fieldErrorsOf(result.error)), ...dirty });
}

export function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) out[key] = value;
  return out;
}

export function errorResponse(error: DomainError): Response {
  if ('retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number') {
    const retryAfter = error.retryAfterSeconds;
    // The dialogs count down from data.retry_after; other clients read the header.
    return fail(error.status, error.message, { retry_after: retryAfter }, { 'retry-after': String(retryAfter) });
  }
  return fail(error.status, error.message, error.fields);
}

/** The request body as an object, from JSON, URL-encoded or multipart forms (docs/decisions/0018-one-http-api.md). */
/** Bodies of forms and JSON calls are small; only the avatar upload asks for more. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

function sizeLabel(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * The body's bytes, refusing with 413 once it passes `maxBytes`: a declared Content-Length is
 * checked first, and a chunked body is counted as it streams, so nothing larger is held.
 */
async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () => new PayloadTooLargeError(`The request is too large: send at most ${sizeLabel(maxBytes)}`);
  const declared = Number(request.headers.get('content-length'));
  if (declared > maxBytes) throw tooLarge();
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(new ArrayBuffer(total));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The body as text (a signed webhook is verified over its exact bytes), refused with 413 past `maxBytes`. */
export async function readText(request: Request, { maxBytes = DEFAULT_BODY_LIMIT } = {}): Promise<string> {
  return new TextDecoder().decode(await readLimited(request, maxBytes));
}

export async function readBody(request: Request, { maxBytes = DEFAULT_BODY_LIMIT } = {}): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  const isJson = type.includes('application/json');
  const isForm = type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data');
  if (!isJson && !isForm) {
    if (!type) return {};
    throw new ValidationError('Send the body as JSON, a URL-encoded form or a multipart form');
  }
  const bytes = await readLimited(request, maxBytes);
  try {
    if (isJson) {
      const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        throw new ValidationError('The request body must be a JSON object');
      return value as Record<string, unknown>;
    }
    const form = await new Response(bytes, { headers: { 'content-type': type } }).formData();
    const out: Record<string, unknown> = {};
    for (const [key, value] of form) out[key] = value;
    return out;
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw new ValidationError('The request body could not be read');
  }
}
