// The built shop without `npm start`'s database preparation, for scripts/server.test.ts: it serves
// whatever DATABASE_URL or DATA_DIR points at, even a database that is down or broken.
import { exitOnSignals, startServer } from '../scripts/server';

const server = await startServer({ port: Number(process.env.PORT), host: '127.0.0.1' });
exitOnSignals(server, { timeoutMs: 5_000 });
console.log('listening');
