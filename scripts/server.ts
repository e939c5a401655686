// Serves the built shop: the static files of dist/client first, as files, with the `.br` or `.gz`
// variant built beside them (scripts/static-files.ts, docs/decisions/0041-static-files.md), then
// Astro's Node handler (pages and API) behind per-request compression, which the Node adapter does
// not do itself; an answer that already says Content-Encoding passes through as it is.
// It also puts the security headers on every answer (the static files never reach the
// middleware), starts the background jobs with the server (dist/server/jobs.mjs, built from
// src/server/jobs.ts, sharing the pages' App: docs/decisions/0023-composition-root.md) and shuts
// down gracefully on SIGTERM/SIGINT (docs/decisions/0015-database-faults-and-operations.md).
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import { config } from '../src/server/config';
import { runShutdownHooks } from '../src/server/lifecycle';
import { securityHeaders } from '../src/server/security-headers';
import { answerFromFrontDoor } from '../src/server/cache/front-door';
import { usableFrontDoor } from '../src/server/cache/registry';
import { JOBS_ENTRY_FILE } from '../src/integrations/background-jobs';
import { loadStaticFiles, type StaticFiles } from './static-files';

export type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
interface JobsModule {
  startBackgroundJobs(): void;
}

/** Requests in flight, and whether the server is shutting down, per server. */
interface ServerState {
  inFlight: Set<http.ServerResponse>;
  closing: boolean;
}
const state = new WeakMap<http.Server, ServerState>();

/**
 * One request's path: the security headers, then a static file when it is one (or a refused
 * path), then a fresh copy from the route cache's front door, else `handler` (Astro's) behind compression.
 */
export function shopHandler(options: { handler: NodeHandler; staticFiles: StaticFiles; production: boolean }): NodeHandler {
  const compress = compression({ threshold: 1024 });
  const headers = Object.entries(securityHeaders(options.production));
  return (req, res) => {
    // Defaults that the page or API answer may override (the middleware sets the same ones).
    for (const [name, value] of headers) res.setHeader(name, value);
    if (options.staticFiles.serve(req, res)) return;
    // A fresh copy in the route cache is answered here, already encoded (docs/decisions/0037-route-cache.md#the-front-door).
    if (answerFromFrontDoor(usableFrontDoor(), req, res)) return;
    compress(req as never, res as never, () => options.handler(req, res));
  };
}

export async function startServer(options: { port: number; host: string }): Promise<http.Server> {
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const built = (file: string) => pathToFileURL(path.resolve('dist/server', file)).href;
  const { handler } = (await import(built('entry.mjs'))) as { handler: NodeHandler };
  const serve = shopHandler({
    handler,
    staticFiles: loadStaticFiles(path.resolve('dist/client')),
    production: config().NODE_ENV === 'production',
  });
  const current: ServerState = { inFlight: new Set(), closing: false };
  const server = http.createServer((req, res) => {
    current.inFlight.add(res);
    res.once('close', () => {
      current.inFlight.delete(res);
      // Once shutting down, a keep-alive connection closes as soon as its answer is sent.
      if (current.closing) setImmediate(() => server.closeIdleConnections());
    });
    if (current.closing) res.shouldKeepAlive = false;
    serve(req, res);
  });
  state.set(server, current);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const jobs = (await import(built(JOBS_ENTRY_FILE))) as JobsModule;
  jobs.startBackgroundJobs();
  return server;
}

/**
 * Stops accepting connections, lets the requests in flight finish (until `timeoutMs`, then cuts
 * them), closes idle keep-alive connections, then stops the sweeper and closes the database.
 * Answers whether every request in flight finished.
 */
export async function closeGracefully(
  server: http.Server,
  { timeoutMs, log }: { timeoutMs: number; log: (line: string) => void },
): Promise<boolean> {
  const current = state.get(server) ?? { inFlight: new Set(), closing: false };
  current.closing = true;
  // Answers still to be sent say `Connection: close`, and their connection closes after them.
  for (const res of current.inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
  const waiting = current.inFlight.size;
  log(
    `shutting down: no new connections, waiting for ${waiting} request${waiting === 1 ? '' : 's'} in flight (at most ${Math.round(timeoutMs / 1000)} s)`,
  );
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const finished = await Promise.race([
    closed.then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
  ]);
  clearTimeout(timer);
  if (!finished) {
    log(
      `shutting down: cut ${current.inFlight.size} request${current.inFlight.size === 1 ? '' : 's'} still running after ${Math.round(timeoutMs / 1000)} s`,
    );
    server.closeAllConnections();
    await closed;
  }
  await runShutdownHooks((name, error) =>
    log(
      error
        ? `shutting down: closing the ${name} failed (${error instanceof Error ? error.message : String(error)})`
        : `shutting down: closed the ${name}`,
    ),
  );
  return finished;
}

/** SIGTERM or SIGINT: close gracefully, then exit 0 (1 when requests had to be cut); a second signal exits at once. */
export function exitOnSignals(server: http.Server, options: { timeoutMs: number; log?: (line: string) => void }): void {
  const log = options.log ?? ((line: string) => console.log(line));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      log(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    log(`${signal} received`);
    closeGracefully(server, { timeoutMs: options.timeoutMs, log }).then(
      (clean) => {
        log('stopped');
        process.exit(clean ? 0 : 1);
      },
      (error: unknown) => {
        log(`shutting down failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
