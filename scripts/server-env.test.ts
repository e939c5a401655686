import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV } from './server-env';

describe("the server process's environment", () => {
  it('is set by npm start exactly as the benchmarks set it', () => {
    const start: string = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.start;
    const assignments = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);
    expect(start).toBe(`${assignments.join(' ')} tsx scripts/start.ts`);
  });
});
