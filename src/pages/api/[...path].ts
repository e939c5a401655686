import type { APIRoute } from 'astro';
import { api } from '@/server/api/index';
import { getDb } from '@/server/db/instance';
import { config } from '@/server/config';

const trustedOrigins = [new URL(config().SITE_URL).origin];

export const ALL: APIRoute = async ({ request, clientAddress }) =>
  api.handle(request, { db: await getDb(), clientAddress, trustedOrigins });
