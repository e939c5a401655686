// The OpenAPI 3.1 description of the API, generated from the endpoints' schemas: path and query
// parameters, bodies and answers (docs/architecture.md#the-api-contract).
import { z } from 'zod';
import type { Endpoint } from '@/domain/api/endpoint';
import { SESSION_COOKIE } from '@/server/accounts/session.service';
import { STAFF_COOKIE } from '@/server/staff/staff-session';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

const failure = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['success', 'message', 'status'],
        properties: {
          success: { const: false },
          message: { type: 'string' },
          status: { type: 'integer' },
          data: { description: 'Field errors (422: each field with its messages), or retry_after (429, 503)' },
        },
      },
    },
  },
});

function operation(endpoint: Endpoint) {
  const parameters: unknown[] = [];
  for (const name of endpoint.path.match(/:(\w+)/g)?.map((p) => p.slice(1)) ?? []) {
    const schema = endpoint.params?.[name];
    parameters.push({ name, in: 'path', required: true, schema: schema ? jsonSchema(schema, 'input') : { type: 'integer', minimum: 1 } });
  }
  if (endpoint.query) {
    const schema = jsonSchema(endpoint.query, 'input');
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const required = (schema.required?.includes(name) ?? false) || (endpoint.requiredQuery?.includes(name) ?? false);
      parameters.push({ name, in: 'query', required, schema: property });
    }
  }
  const responses: Record<string, unknown> = {
    '200': {
      description: 'success: true, the message, and data',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['success', 'message', 'data', 'status'],
            properties: {
              success: { const: true },
              message: { type: 'string' },
              status: { type: 'integer' },
              data: jsonSchema(endpoint.answer, 'output'),
            },
          },
        },
      },
    },
  };
  if (endpoint.auth === 'customer') {
    responses['401'] = failure('Not signed in');
    responses['403'] = failure("A customer id that is not the session's");
  }
  if (endpoint.auth === 'staff' || endpoint.auth === 'admin') {
    responses['401'] = failure('No staff session');
    responses['403'] = failure(endpoint.auth === 'admin' ? 'A customer, or staff without the admin role' : 'A customer');
  }
  if (endpoint.query || endpoint.body || endpoint.params)
    responses['422'] = failure('Invalid input: the message and each field with its messages');
  const body = endpoint.body
    ? {
        required: true,
        content: Object.fromEntries(BODY_TYPES.map((type) => [type, { schema: jsonSchema(endpoint.body!, 'input') }])),
      }
    : undefined;
  return {
    summary: endpoint.summary,
    ...(endpoint.auth === 'customer' ? { security: [{ sessionCookie: [] }, { bearer: [] }] } : {}),
    ...(endpoint.auth === 'staff' || endpoint.auth === 'admin' ? { security: [{ staffSessionCookie: [] }] } : {}),
    parameters,
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

export function openApiDocument(endpoints: readonly Endpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const key = `/api/${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
    (paths[key] ??= {})[endpoint.method.toLowerCase()] = operation(endpoint);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Safe Buddy storefront API', version: '1' },
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        staffSessionCookie: { type: 'apiKey', in: 'cookie', name: STAFF_COOKIE },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
    paths,
  };
}
