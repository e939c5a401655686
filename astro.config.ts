import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { INLINE_SCRIPT_HASHES } from './src/server/csp';
import { backgroundJobs } from './src/integrations/background-jobs';
import { precompress } from './src/integrations/precompress';
import { shareImages } from './src/integrations/share-images';
import { interactDirective } from './src/integrations/interact-directive';
import { routeRules } from './src/server/cache/rules';
import { ROUTE_CACHE_MAX_ENTRIES } from './src/server/memory-bounds';

export default defineConfig({
  output: 'server',
  // Bodies above 10 MB are refused before they reach a handler (avatars are capped at 2 MB).
  // Pages render whole before the first byte: a component that fails halfway (the database went
  // away) then gets the 503 or 500 page with its status, not a 200 cut short
  // (docs/decisions/0015-database-faults-and-operations.md).
  adapter: node({ mode: 'standalone', bodySizeLimit: 10 * 1024 * 1024, experimentalDisableStreaming: true }),
  // The background jobs start with the server (src/integrations/background-jobs.ts); the static
  // files get .br and .gz variants at build time (docs/decisions/0041-static-files.md); `client:interact`
  // hydrates an island on the first interaction (docs/decisions/0042-page-weight.md).
  integrations: [react(), backgroundJobs(), shareImages(), precompress(), interactDirective()],
  // The route cache (docs/decisions/0037-route-cache.md): anonymous catalog pages and API answers are
  // kept in memory by Astro's memory provider, wrapped to store compressed copies and to reach
  // invalidations from services and other instances; the cached routes come from one list.
  cache: {
    provider: { name: 'safe-buddy-memory', entrypoint: './src/server/cache/provider.ts', config: { max: ROUTE_CACHE_MAX_ENTRIES } },
  },
  routeRules: routeRules(),
  server: { port: Number(process.env.PORT ?? 4321), host: true },
  security: {
    // The API refuses cross-site writes itself (docs/decisions/0008-sessions.md) for every content type, JSON included.
    checkOrigin: false,
    // Content Security Policy, sent as a header: scripts and <style> elements only from the shop or
    // by hash (Astro's own, and our inline ones from src/server/csp.ts); style attributes (star
    // fills, colour swatches) stay allowed. The middleware adds configured third parties' hosts.
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "media-src 'self'",
        "font-src 'self'",
        "connect-src 'self'",
        "frame-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        // No site may frame the shop (clickjacking); X-Frame-Options DENY says the same to old browsers.
        "frame-ancestors 'none'",
      ],
      scriptDirective: { resources: ["'self'"], hashes: INLINE_SCRIPT_HASHES },
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  build: { inlineStylesheets: 'auto' },
  vite: {
    plugins: [tailwindcss()],
    resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
    // Database drivers load WASM and native files relative to themselves: never bundle them.
    ssr: { external: ['@electric-sql/pglite', 'pg', 'sanitize-html'] },
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  },
});
