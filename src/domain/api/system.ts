// The API's own endpoints: health and its description (docs/operations.md).
import { z } from '@/domain/zod';
import { defineEndpoint } from './endpoint';

export const systemApi = {
  health: defineEndpoint({
    method: 'GET',
    path: 'health',
    summary: 'Liveness and database check (503 with Retry-After while the database is unavailable)',
    auth: 'public',
    answer: z.strictObject({ status: z.literal('ok') }),
  }),
  openApi: defineEndpoint({
    method: 'GET',
    path: 'openapi.json',
    summary: 'This API described as OpenAPI 3.1 (the document itself, not wrapped in an answer)',
    auth: 'public',
    answer: z.unknown(),
  }),
};
