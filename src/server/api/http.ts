// The API's answer shapes (D2): { success, message, data }, 422 with field errors.
import { z } from 'zod';
import { DomainError, ValidationError, type FieldErrors } from '@/server/errors';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

export function ok(data: unknown, message = 'OK', status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ success: true, message, data, status }), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function fail(status: number, message: string, fields?: FieldErrors | Record<string, unknown>, headers: Record<string, string> = {}): Response {
  const body: Record<string, unknown> = { success: false, message, status };
  if (fields) body.data = fields;
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** Parse a query or body with a zod schema; a failure becomes a 422 naming each field. */
export function parseWith<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldErrorsOf(result.error);
  const [firstField, firstMessages] = Object.entries(fields)[0] ?? ['_', ['is invalid']];
  const message = firstField === '_' ? firstMessages[0]! : `${firstField}: ${firstMessages[0]}`;
  throw new ValidationError(message, fields);
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

/** The request body as an object, from JSON, URL-encoded or multipart forms (D2). */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/json')) {
      const value: unknown = await request.json();
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ValidationError('The request body must be a JSON object');
      return value as Record<string, unknown>;
    }
    if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      const form = await request.formData();
      const out: Record<string, unknown> = {};
      for (const [key, value] of form) out[key] = value;
      return out;
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw new ValidationError('The request body could not be read');
  }
  if (!type) return {};
  throw new ValidationError('Send the body as JSON, a URL-encoded form or a multipart form');
}
