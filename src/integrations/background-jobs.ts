// Starts the background jobs (src/server/jobs.ts) with the server, not with a request
// (docs/decisions/0023-composition-root.md):
// - `astro build`: src/server/jobs.ts becomes its own entry, dist/server/jobs.mjs, next to
//   entry.mjs; the modules both use land in shared chunks, so scripts/server.ts, importing both,
//   gets one App (one database) for the pages, the API and the jobs;
// - `astro dev`: the jobs module is loaded through the dev server's SSR module runner, the same
//   one that renders the pages, so it too shares their App.
// This file runs in Astro's config process and is imported by scripts/server.ts for the file name:
// it imports no application code, and Vite's types only.
import type { AstroIntegration } from 'astro';
import type { Plugin, RunnableDevEnvironment } from 'vite';

const JOBS_MODULE = '/src/server/jobs.ts';
/** The file scripts/server.ts imports next to dist/server/entry.mjs. */
export const JOBS_ENTRY_FILE = 'jobs.mjs';

interface JobsModule {
  startBackgroundJobs(): void;
}

function jobsEntry(): Plugin {
  return {
    name: 'safe-buddy:jobs-entry',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    buildStart() {
      this.emitFile({ type: 'chunk', id: JOBS_MODULE, fileName: JOBS_ENTRY_FILE });
    },
  };
}

export function backgroundJobs(): AstroIntegration {
  return {
    name: 'safe-buddy:background-jobs',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [jobsEntry()] } });
      },
      'astro:server:setup': ({ server, logger }) => {
        // Astro also runs this hook for short-lived servers without HTTP (content sync): only the
        // dev server that listens starts the jobs, once it listens.
        server.httpServer?.once('listening', () => {
          void (async () => {
            const ssr = server.environments.ssr;
            if (!ssr || !('runner' in ssr)) throw new Error('no runnable SSR environment');
            const jobs = (await (ssr as RunnableDevEnvironment).runner.import(JOBS_MODULE)) as JobsModule;
            jobs.startBackgroundJobs();
          })().catch((error: unknown) =>
            logger.error(`background jobs not started: ${error instanceof Error ? error.message : String(error)}`),
          );
        });
      },
    },
  };
}
