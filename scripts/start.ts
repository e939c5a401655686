// `npm start`: build when out of date, wait for and migrate the database, seed an empty one,
// then serve until SIGTERM/SIGINT, which shut down gracefully
// (docs/decisions/0015-database-faults-and-operations.md).
import { buildIfStale } from './build-if-stale';
import { exitWithReason, prepareDatabase } from './prepare-db';
import { exitOnSignals, startServer } from './server';
import { config } from '../src/server/config';
import { log } from '../src/server/log';

const started = performance.now();
try {
  const { PORT, HOST, SHOP_NAME, SHUTDOWN_TIMEOUT_MS } = config();
  buildIfStale();
  await prepareDatabase();
  const server = await startServer({ port: PORT, host: HOST });
  exitOnSignals(server, { timeoutMs: SHUTDOWN_TIMEOUT_MS, log: (line) => log.info(line) });
  console.log(`${SHOP_NAME} is open at http://localhost:${PORT} (ready in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
} catch (error) {
  exitWithReason('could not start the shop', error);
}
