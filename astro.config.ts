import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  output: 'server',
  // Bodies above 10 MB are refused before they reach a handler (avatars are capped at 2 MB).
  adapter: node({ mode: 'standalone', bodySizeLimit: 10 * 1024 * 1024 }),
  integrations: [react()],
  server: { port: Number(process.env.PORT ?? 4321), host: true },
  // The API refuses cross-site writes itself (D3) for every content type, JSON included.
  security: { checkOrigin: false },
  build: { inlineStylesheets: 'auto' },
  vite: {
    plugins: [tailwindcss()],
    resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
    // Database drivers load WASM and native files relative to themselves: never bundle them.
    ssr: { external: ['@electric-sql/pglite', 'pg', 'sanitize-html'] },
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  },
});
