import type { APIRoute } from 'astro';
import { api } from '@/server/api/index';
import { apiDeps } from '@/server/api/deps';

export const ALL: APIRoute = async ({ request, clientAddress, locals, cache }) =>
  api.handle(request, await apiDeps(locals.app, request, { peerAddress: clientAddress, user: locals.user, staff: locals.staff, cache }));
