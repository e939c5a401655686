import type { APIRoute } from 'astro';
import { api } from '@/server/api/index';
import { getDb } from '@/server/db/instance';

export const ALL: APIRoute = async ({ request }) => api.handle(request, { db: await getDb() });
