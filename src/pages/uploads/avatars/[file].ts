import fs from 'node:fs/promises';
import path from 'node:path';
import type { APIRoute } from 'astro';
import { AVATAR_CONTENT_TYPES, AVATAR_FILE_PATTERN, avatarDirectory, type ImageType } from '@/server/uploads/avatar';

export const GET: APIRoute = async ({ params, locals }) => {
  const name = params.file ?? '';
  const match = AVATAR_FILE_PATTERN.exec(name);
  if (!match) return new Response('Not found', { status: 404 });
  try {
    const bytes = await fs.readFile(path.join(avatarDirectory(locals.app.config.DATA_DIR), name));
    return new Response(bytes, {
      headers: {
        'content-type': AVATAR_CONTENT_TYPES[match[1] as ImageType],
        // Names are random and never reused, so the file never changes.
        'cache-control': 'public, max-age=31536000, immutable',
        'content-security-policy': "default-src 'none'",
      },
    });
  } catch {
    return new Response('Not found', { status: 404 });
  }
};
