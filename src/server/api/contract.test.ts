// The contract holds: every endpoint of src/domain/api is served, answers a real request with
// data that matches its answer schema (the test caller checks every answer), is described in
// the OpenAPI document with its body and answer, and is in the browser's generated table
// (docs/architecture.md#the-api-contract).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@/domain/api/index';
import type { Endpoint } from '@/domain/api/endpoint';
import { freshDatabase, type TestDatabase } from '../../../tests/db';
import { callEndpoint } from '../../../tests/api';
import { buildWorld, type World } from '../../../tests/contract/world';
import { examples } from '../../../tests/contract/index';
import { GENERATED_CLIENT, generatedClientSource } from '../../../scripts/generate-api-client';
import { api, endpoints } from './index';
import { openApiDocument } from './openapi';

let database: TestDatabase;
let world: World;
let dataDir: string;

beforeAll(async () => {
  database = await freshDatabase();
  world = await buildWorld(database.db);
  dataDir = mkdtempSync(join(tmpdir(), 'contract-'));
});
afterAll(async () => {
  await database?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

const all = Object.entries(contract).flatMap(([area, group]) =>
  Object.entries(group as Record<string, Endpoint>).map(([name, endpoint]) => ({ area, name, endpoint })),
);

describe('the API contract', () => {
  it('serves every endpoint of the contract once, and nothing else', () => {
    const served = api.routes.map((r) => `${r.method} ${r.path}`);
    const declared = all.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(declared).size, 'two endpoints share a method and path').toBe(declared.length);
    expect(
      endpoints()
        .map((e) => `${e.method} ${e.path}`)
        .sort(),
    ).toEqual([...declared].sort());
    expect([...served].sort(), 'the router serves exactly the contract').toEqual([...declared].sort());
  });

  for (const { area, name, endpoint } of all) {
    it(`${endpoint.method} /api/${endpoint.path} (${area}.${name}) answers its example with data that matches its schema`, async () => {
      const example = (examples as unknown as Record<string, Record<string, (w: World) => unknown>>)[area]![name]!;
      const call = (await example(world)) as Parameters<typeof callEndpoint>[2];
      const answer = await callEndpoint(database.db, endpoint, {
        as: endpoint.auth === 'customer' ? world.customer : null,
        staff: endpoint.auth === 'staff' || endpoint.auth === 'admin' ? world.admin : null,
        ...call,
        deps: { mailer: world.mailer, dataDir, ...call?.deps },
      });
      expect(answer.status, answer.text).toBeLessThan(300);
    });
  }

  it('describes every endpoint in the OpenAPI document with its parameters, body and answer', () => {
    const document = openApiDocument(endpoints());
    for (const { endpoint } of all) {
      const operation = (document.paths[`/api/${endpoint.path.replace(/:(\w+)/g, '{$1}')}`] as Record<string, Record<string, unknown>>)[
        endpoint.method.toLowerCase()
      ];
      expect(operation, endpoint.path).toBeDefined();
      const answer = operation!.responses as Record<
        string,
        { content: { 'application/json': { schema: { properties: { data: unknown } } } } }
      >;
      expect(answer['200']!.content['application/json'].schema.properties.data, endpoint.path).toBeDefined();
      if (endpoint.body) expect(operation!.requestBody, `${endpoint.path} body`).toBeDefined();
      else expect(operation!.requestBody, `${endpoint.path} has no body`).toBeUndefined();
      const names = ((operation!.parameters ?? []) as { name: string; in: string }[]).map((p) => `${p.in}:${p.name}`);
      for (const param of endpoint.path.match(/:(\w+)/g) ?? []) expect(names, endpoint.path).toContain(`path:${param.slice(1)}`);
    }
  });

  it("keeps the browser's generated endpoint table in step with the contract (npm run api:client)", async () => {
    expect(readFileSync(GENERATED_CLIENT, 'utf8')).toBe(await generatedClientSource());
  });
});
