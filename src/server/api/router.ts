// Maps /api paths to handlers. A handler parses, authorises, calls one service and answers;
// errors become clear JSON answers, and unexpected ones are logged with context, never leaked.
import type { z } from 'zod';
import type { Db } from '@/server/db/client';
import { DomainError } from '@/server/errors';
import { log } from '@/server/log';
import { errorResponse, fail } from './http';

export interface ApiContext {
  request: Request;
  url: URL;
  db: Db;
  params: Record<string, string>;
}

export type Handler = (ctx: ApiContext) => Promise<Response>;

export interface Route {
  method: 'GET' | 'POST';
  /** Path below /api; `:name` segments become params. */
  path: string;
  summary: string;
  query?: z.ZodType;
  /** Query parameters the handler requires beyond what the schema marks required. */
  requiredQuery?: string[];
  handler: Handler;
}

interface CompiledRoute extends Route {
  pattern: RegExp;
  names: string[];
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

  async function handle(request: Request, deps: { db: Db }): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\/?/, '');
    const matches = compiled.filter((r) => r.pattern.test(path));
    if (matches.length === 0) return fail(404, 'No such API endpoint');
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const route = matches.find((r) => r.method === method);
    if (!route) return fail(405, `Use ${matches.map((r) => r.method).join(' or ')} for this endpoint`, undefined, { allow: matches.map((r) => r.method).join(', ') });
    const values = route.pattern.exec(path)!.slice(1);
    const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(values[i] ?? '')]));
    try {
      return await route.handler({ request, url, db: deps.db, params });
    } catch (error) {
      if (error instanceof DomainError) return errorResponse(error);
      log.error('API request failed', { method: request.method, path: url.pathname, query: url.search, error });
      return fail(500, 'Something went wrong on our side. Please try again in a moment.');
    }
  }

  return { handle, routes: compiled as readonly Route[] };
}
