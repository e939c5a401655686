// Every API route in one table, plus the health check and the OpenAPI description (D2).
import { z } from 'zod';
import { catalogRoutes } from './catalog.routes';
import { newsletterRoutes } from './newsletter.routes';
import { accountRoutes } from './accounts.routes';
import { cartRoutes } from './cart.routes';
import { checkoutRoutes } from './checkout.routes';
import { contactRoutes } from './contact.routes';
import { reviewRoutes } from './reviews.routes';
import { createRouter, type Route } from './router';
import { fail, ok } from './http';
import { checkDatabase } from '@/server/db/health';
import { RETRY_AFTER_SECONDS } from '@/server/db/faults';
import { errorTexts } from '@/domain/messages/errors';

const routes: Route[] = [
  ...catalogRoutes,
  ...newsletterRoutes,
  ...accountRoutes,
  ...cartRoutes,
  ...checkoutRoutes,
  ...contactRoutes,
  ...reviewRoutes,
];

routes.push(
  {
    method: 'GET',
    path: 'health',
    summary: 'Liveness and database check',
    handler: async ({ db }) => {
      // A real table, not `select 1`: a database that answers but lost its tables is not healthy.
      const healthy = await checkDatabase(db);
      if (!healthy)
        return fail(
          503,
          errorTexts.health.down,
          { status: 'unavailable' },
          { 'cache-control': 'no-store', 'retry-after': String(RETRY_AFTER_SECONDS) },
        );
      return ok({ status: 'ok' }, errorTexts.health.ok, 200, { 'cache-control': 'no-store' });
    },
  },
  {
    method: 'GET',
    path: 'openapi.json',
    summary: 'This API described as OpenAPI 3.1',
    handler: async () => new Response(JSON.stringify(openApiDocument()), { headers: { 'content-type': 'application/json' } }),
  },
);

export const api = createRouter(routes);

function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of api.routes) {
    const key = `/api/${route.path.replace(/:(\w+)/g, '{$1}')}`;
    const parameters: unknown[] = [];
    if (route.query) {
      const schema = z.toJSONSchema(route.query, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        parameters.push({
          name,
          in: 'query',
          required: (schema.required?.includes(name) ?? false) || (route.requiredQuery?.includes(name) ?? false),
          schema: property,
        });
      }
    }
    (paths[key] ??= {})[route.method.toLowerCase()] = {
      summary: route.summary,
      parameters,
      responses: {
        '200': { description: 'success: true, message, data' },
        '422': { description: 'Invalid input: message and data with field errors' },
      },
    };
  }
  return { openapi: '3.1.0', info: { title: 'Safe Buddy storefront API', version: '1' }, paths };
}
