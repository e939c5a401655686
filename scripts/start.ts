// `npm start`: build when out of date, migrate, seed an empty database, then serve.
import { buildIfStale } from './build-if-stale';
import { prepareDatabase } from './prepare-db';
import { startServer } from './server';
import { config } from '../src/server/config';

const started = performance.now();
buildIfStale();
await prepareDatabase();
const { PORT, HOST, SHOP_NAME } = config();
const server = await startServer({ port: PORT, host: HOST });
console.log(`${SHOP_NAME} is open at http://localhost:${PORT} (ready in ${((performance.now() - started) / 1000).toFixed(1)} s)`);

const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
