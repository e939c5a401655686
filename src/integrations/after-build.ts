// An integration that works on the built static files once `astro build` is done (precompress.ts,
// share-images.ts): it is given dist/client's path and answers the line to log, which gets the time taken.
// This file runs in Astro's config process: it imports no application code.
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export function afterBuild(name: string, work: (clientDir: string) => Promise<string>): AstroIntegration {
  let clientDir: URL | undefined;
  return {
    name,
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = config.build.client;
      },
      'astro:build:done': async ({ logger }) => {
        if (!clientDir) return;
        const started = performance.now();
        const line = await work(fileURLToPath(clientDir));
        logger.info(`${line}, in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      },
    },
  };
}
