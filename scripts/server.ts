// Serves the built shop: Astro's Node handler (static files with immutable caching for hashed
// assets, then pages and API) behind compression, which the Node adapter does not do itself.
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export async function startServer(options: { port: number; host: string }): Promise<http.Server> {
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const entry = pathToFileURL(path.resolve('dist/server/entry.mjs')).href;
  const { handler } = (await import(entry)) as { handler: NodeHandler };
  const compress = compression({ threshold: 1024 });
  const server = http.createServer((req, res) => {
    compress(req as never, res as never, () => handler(req, res));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
