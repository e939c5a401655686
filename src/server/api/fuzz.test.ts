// Hostile input against EVERY route of the router (issue 10, point 9; docs/decisions/0016-hostile-input.md).
// fast-check builds requests from a dictionary of the API's field names: mostly valid values (so
// the request gets past the first check and reaches the services and the database) with some
// fields swapped for hostile ones - NUL and other control characters, lone surrogates, ids above
// 2^31-1, 1e300, -0, 'NaN', '1e3', wrong types, deep and large objects - sent as a query string,
// JSON, a URL-encoded form or a multipart form, to routes with hostile path parameters, as a
// guest and as a signed-in customer. No answer may be a 5xx, and nothing may reject unhandled.
// Each route is first asked with an empty body: the fields its 422 names are the ones most attacks
// spoil. The routes come from `api.routes`, so a new route is fuzzed without touching this file;
// a new body field belongs in FIELDS and validFields below. Runs on PGlite, and on PostgreSQL
// with TEST_DATABASE_URL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/client';
import { api } from '@/server/api/index';
import type { ApiDeps, CompiledRoute as Route } from '@/server/api/router';
import { addAddress } from '@/server/addresses/address.service';
import { cartItems } from '@/server/db/schema/shopping';
import { freshDatabase, type TestDatabase } from '../../../tests/db';
import { recordingMailer } from '../../../tests/accounts';
import { insertProduct } from '../../../tests/factories';
import { signedInCustomer, type Customer } from '../../../tests/shopping';
import { addressInput } from '../../../tests/checkout';
import { signedInStaff, type StaffCaller } from '../../../tests/staff';

// The built-in test payment provider stands in for Stripe: no Stripe configuration may leak in.
for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL']) delete process.env[key];

/** Requests per route and caller (guest, customer); tuned to keep the file near a minute on PGlite. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 30);
/**
 * A route stops being fuzzed after this long (a budget, not an assertion): the routes that hash
 * a password spend a few hundred milliseconds per valid-looking request by design.
 */
const ROUTE_BUDGET_MS = Number(process.env.FUZZ_ROUTE_MS ?? 3_000);
/** ...but every route gets at least this many requests, however slow. */
const MIN_RUNS_PER_ROUTE = 6;
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

let handle: TestDatabase;
let db: Db;
let customer: Customer;
/** The back office's routes are fuzzed signed in as an admin (a customer is refused before the input is read). */
let admin: StaffCaller;
let dataDir: string;
let productId = 1;
let addressId = 1;
const mailer = recordingMailer();
let sent = 0;
/** How many answers of each status the fuzzing got: most should be 4xx, some 2xx (the valid values get through). */
const statuses: Record<number, number> = {};
let addressCounter = 0;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  handle = await freshDatabase();
  db = handle.db;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-'));
  customer = await signedInCustomer(db);
  admin = await signedInStaff(db, 'admin');
  const product = await insertProduct(db, { quantity: 50 });
  productId = product.id;
  addressId = (
    await addAddress(db, customer.user.id, {
      ...addressInput(),
      is_default_address: true,
    })
  ).id;
  await db.insert(cartItems).values({ userId: customer.user.id, productId, quantity: 1 });
}, 180_000);
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  console.log(
    `fuzz: ${sent} requests sent to ${api.routes.length} routes (seed ${SEED}, ${RUNS_PER_ROUTE} runs per route and caller); answers by status ${JSON.stringify(statuses)}`,
  );
  await handle?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every field name the API reads, with a value that passes its check (a reference to real rows where it is an id). */
function validFields(): Record<string, unknown> {
  return {
    product_id: productId,
    quantity: 1,
    color: 'Black',
    attribute_id: '',
    products: [{ product_id: productId, quantity: 1 }],
    coupon: 'TEST1',
    items: JSON.stringify([{ product_id: productId, quantity: 2 }]),
    page: 1,
    limit: 10,
    keyword: 'safe',
    search: 'safe',
    q: 'safe',
    brand_id: 1,
    category_id: 1,
    brand: '[1]',
    category: '1,2',
    price: '[{"min":0,"max":500}]',
    product_type: 'office',
    sort: 'newest',
    email: 'fuzz.shopper@example.ae',
    password: 'Fuzz-Pass-1!',
    c_password: 'Fuzz-Pass-1!',
    name: 'Aisha Fuzz',
    user_type: 'customer',
    purpose: 'reset',
    otp: '1234',
    new_password: 'Fuzz-Pass-2!',
    user_id: customer.user.id,
    current_password: customer.row.password,
    confirm_password: 'Fuzz-Pass-2!',
    phone: '0501234567',
    pincode: '12345',
    address: 'Street 1, Al Barsha',
    city: 'Dubai',
    state: 'Dubai',
    flat_building: 'Flat 1',
    locality: 'Al Barsha 1',
    land_mark: 'Near the mall',
    address_type: 'Home',
    is_default_address: '0',
    address_id: addressId,
    contact_name: 'Omar',
    contact_number: '0501234567',
    date_of_delivery: '2099-01-01',
    available_timing: '9am - 1pm',
    remarks: 'Call first',
    lift_available: 'No',
    no_of_floors: 3,
    pass_required: 'Yes',
    weight_form_id: '',
    coupon_code: '',
    idempotency_key: undefined,
    payment_type: 'online',
    order_id: 1,
    payment_intent: 'pi_test_1',
    filter: 'all',
    rating: 4,
    comments: 'Solid safe.',
    first_name: 'Aisha',
    last_name: 'Fuzz',
    message: 'Hello,\nplease call me.',
  };
}

const hostileText = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  'Aisha\u0000',
  '\u0001\u0002\u001b[31m',
  '\u007f',
  'line\r\nBcc: victim@example.ae',
  '\r\n\r\n<script>alert(1)</script>',
  '\ud800',
  'x\udfffy',
  '\ufeff',
  '\u202e',
  '😀'.repeat(50),
  'ﷺ',
  '../../etc/passwd',
  '..%2f..%2f',
  '%00',
  '%',
  '%E0%A4%A',
  '1e300',
  '-1e300',
  '1e3',
  '0x10',
  '-0',
  'NaN',
  'Infinity',
  '-Infinity',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '4294967296',
  '99999999999999999999999',
  '0',
  '-1',
  '1.5',
  ' 7 ',
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '[1,2,3]',
  '[{"min":1e300}]',
  '[{"product_id":2147483648,"quantity":1}]',
  '[{"min":"NaN","max":"x"}]',
  '__proto__',
  'constructor',
  "' or 1=1 --",
  '"; drop table users; --',
  'a'.repeat(300),
  'a'.repeat(5_001),
  'x@y.z'.padStart(260, 'a'),
  '2099-02-30',
  '0000-01-01',
  '99999-01-01',
  '+275760-09-13',
);
const hostileNumber = fc.constantFrom(
  1e300,
  -1e300,
  -0,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  -1,
  0,
  0.5,
  1e-300,
  1e21,
);
const deepObject = fc.integer({ min: 20, max: 300 }).map((depth) => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
});
const leaf = fc.oneof(hostileText, hostileNumber, fc.boolean(), fc.constant(null), fc.string({ unit: 'binary', maxLength: 40 }));
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 5 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('product_id', 'quantity', 'min', 'max', '__proto__', 'a'), leaf, { maxKeys: 4 }),
  },
  {
    weight: 1,
    arbitrary: fc.array(
      fc.record({
        product_id: fc.oneof(hostileNumber, hostileText),
        quantity: fc.oneof(hostileNumber, hostileText),
      }),
      { maxLength: 3 },
    ),
  },
  { weight: 1, arbitrary: deepObject },
  {
    weight: 1,
    arbitrary: fc.array(fc.constant({ product_id: 1, quantity: 1 }), {
      minLength: 100,
      maxLength: 2_000,
    }),
  },
);
/** Text percent-encoded as a client would send it; a lone surrogate becomes the bytes of one (not UTF-8). */
function encodeSegment(value: string): string {
  return value
    .split(/([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}
const hostileSegment = fc.oneof(
  hostileText.map(encodeSegment),
  fc.constantFrom('%', '%E0%A4%A', '%00', '..', '%2e%2e%2f', '2147483648', '-1', '0', '1e3', '00001', '1.0', ' 1', 'NaN'),
);

/** Ways to spoil a valid value: control characters, lone surrogates and forged lines added to it, numbers out of range, wrong types. */
const MUTATIONS: ((valid: unknown) => unknown)[] = [
  (v) => `${asText(v)}\u0000`,
  (v) => `\u0000${asText(v)}`,
  (v) => `${asText(v)}\u001b[2J`,
  (v) => `${asText(v)}\ud800`,
  (v) => `${asText(v)}\r\nBcc: victim@example.ae`,
  (v) => `${asText(v)}\u007f\u0085`,
  (v) => asText(v).repeat(400),
  () => 2 ** 31,
  () => 1e300,
  () => -1e300,
  () => -1,
  () => -0,
  () => 0,
  () => 0.5,
  () => 2 ** 53 + 2,
  () => 'NaN',
  () => '1e3',
  () => '0x10',
  () => '2147483648',
  () => '-2147483649',
  () => '9'.repeat(30),
  () => 'Infinity',
  () => '',
  () => null,
  () => true,
  () => [],
  () => ({}),
];

interface Attack {
  /** Fields spoiled (by a mutation of their valid value, or replaced by a hostile value); the rest stay valid; `drop` fields are left out. */
  hostile: [number, { mutation: number } | { value: unknown }][];
  drop: string[];
  extraKeys: [string, unknown][];
  encoding: 'query' | 'json' | 'form' | 'multipart' | 'json-raw';
  segments: string[];
  withCustomerId: boolean;
}

/** Every body and query field the API reads (a new one belongs here and in validFields). */
const FIELDS = [
  'product_id',
  'quantity',
  'color',
  'attribute_id',
  'products',
  'coupon',
  'items',
  'page',
  'limit',
  'keyword',
  'search',
  'q',
  'brand_id',
  'category_id',
  'brand',
  'category',
  'price',
  'product_type',
  'sort',
  'email',
  'password',
  'c_password',
  'name',
  'user_type',
  'purpose',
  'otp',
  'new_password',
  'user_id',
  'current_password',
  'confirm_password',
  'phone',
  'pincode',
  'address',
  'city',
  'state',
  'flat_building',
  'locality',
  'land_mark',
  'address_type',
  'is_default_address',
  'address_id',
  'contact_name',
  'contact_number',
  'date_of_delivery',
  'available_timing',
  'remarks',
  'lift_available',
  'no_of_floors',
  'pass_required',
  'weight_form_id',
  'coupon_code',
  'idempotency_key',
  'payment_type',
  'order_id',
  'payment_intent',
  'filter',
  'rating',
  'comments',
  'first_name',
  'last_name',
  'message',
  'profile_picture',
  'customer_id',
] as const;

/**
 * Attacks on a route. `read` are the fields the route is known to read (from its 422 to an empty
 * request): most attacks spoil one to three of those and leave the rest valid, so the spoiled
 * value gets past the other checks to the services and the database; some spoil any field.
 */
const attackOn = (read: number[]): fc.Arbitrary<Attack> => {
  const spoil = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.integer({ min: 0, max: MUTATIONS.length - 1 }).map((mutation) => ({ mutation })),
    },
    { weight: 1, arbitrary: hostileValue.map((value) => ({ value })) },
  );
  const anyField = fc.integer({ min: 0, max: FIELDS.length - 1 });
  const field =
    read.length > 0 ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...read) }, { weight: 1, arbitrary: anyField }) : anyField;
  return fc.record({
    hostile: fc.oneof(
      {
        weight: 3,
        arbitrary: fc.array(fc.tuple(field, spoil), {
          minLength: 1,
          maxLength: 3,
        }),
      },
      {
        weight: 1,
        arbitrary: fc.array(fc.tuple(anyField, spoil), {
          minLength: 4,
          maxLength: 16,
        }),
      },
    ),
    drop: fc.array(fc.constantFrom(...FIELDS), { maxLength: 3 }),
    extraKeys: fc.array(fc.tuple(fc.oneof(hostileText, fc.string({ maxLength: 8 })), hostileValue), { maxLength: 2 }),
    encoding: fc.constantFrom<Attack['encoding']>('json', 'json', 'json', 'form', 'form', 'form', 'multipart', 'json-raw', 'query'),
    segments: fc.array(hostileSegment, { minLength: 1, maxLength: 2 }),
    withCustomerId: fc.boolean(),
  });
};

/** The fields a route reads, as far as its answer to an empty request (JSON, then a query string) names them. */
async function fieldsRead(route: Route): Promise<number[]> {
  const names = new Set<string>();
  for (const encoding of ['json', 'query'] as const) {
    const request = new Request(`http://shop.test/api/${route.path.replace(/:\w+/g, '1')}`, {
      method: route.method,
      headers: {
        ...(encoding === 'json' && route.method === 'POST' ? { 'content-type': 'application/json' } : {}),
        authorization: `Bearer ${customer.token}`,
      },
      body: encoding === 'json' && route.method === 'POST' ? '{}' : undefined,
    });
    const answer = await api.handle(request, {
      db,
      mailer,
      dataDir,
      user: customer.user,
      sessionToken: customer.token,
      clientAddress: '192.0.2.1',
    });
    const body = (await answer.json().catch(() => null)) as {
      data?: unknown;
    } | null;
    if (answer.status === 422 && body?.data && typeof body.data === 'object')
      for (const key of Object.keys(body.data)) names.add(key.split('.')[0]!);
  }
  for (const key of Object.keys(
    route.query
      ? ((
          z.toJSONSchema(route.query, {
            io: 'input',
            unrepresentable: 'any',
          }) as { properties?: object }
        ).properties ?? {})
      : {},
  ))
    names.add(key);
  return FIELDS.flatMap((name, index) => (names.has(name) ? [index] : []));
}

/** A value as a form or query string sends it. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' && Object.is(value, -0) ? '-0' : (JSON.stringify(value) ?? '');
}

function buildRequest(route: Route, a: Attack, signedIn: boolean): Request {
  const fields: Record<string, unknown> = validFields();
  if (!a.withCustomerId || !signedIn) delete fields.customer_id;
  else fields.customer_id = customer.user.id;
  for (const name of a.drop) delete fields[name];
  for (const [index, spoil] of a.hostile) {
    const name = FIELDS[index]!;
    fields[name] = 'value' in spoil ? spoil.value : MUTATIONS[spoil.mutation]!(fields[name] ?? 'x');
  }
  for (const [name, value] of a.extraKeys) fields[name] = value;
  let segmentIndex = 0;
  const pathPart = route.path
    .split('/')
    .map((part) => (part.startsWith(':') ? (a.segments[segmentIndex++ % a.segments.length] ?? '1') : part))
    .join('/');
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  let search = '';
  const asQuery = () =>
    Object.entries(fields)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(asText(v))}`)
      .join('&');
  if (route.method === 'GET' || a.encoding === 'query') search = `?${asQuery()}`;
  else if (a.encoding === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(fields, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? 1e308 * 10 : v)) ?? '{}';
  } else if (a.encoding === 'json-raw') {
    // Numbers JSON.stringify cannot write: 1e999 parses to Infinity, -0 stays -0.
    headers['content-type'] = 'application/json';
    const tail = Object.entries(fields)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${typeof v === 'number' && Object.is(v, -0) ? '-0' : (JSON.stringify(v) ?? 'null')}`);
    body = `{"quantity":1e999,"product_id":-0,${tail.join(',')}}`;
  } else if (a.encoding === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = asQuery();
  } else {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, asText(v));
    form.append(
      'profile_picture',
      new File(['\u0089PNG\r\n\u001a\n<script>alert(1)</script>'], '../x.png', {
        type: 'image/png',
      }),
    );
    body = form;
  }
  if (signedIn) headers.authorization = `Bearer ${customer.token}`;
  return new Request(`http://shop.test/api/${pathPart}${search}`, {
    method: route.method,
    headers,
    body,
  });
}

function staffRoute(route: Route): boolean {
  return route.contract.endpoint.auth === 'staff' || route.contract.endpoint.auth === 'admin';
}

interface Failure {
  route: string;
  status: number | string;
  request: string;
  answer: string;
}

async function send(route: Route, a: Attack, signedIn: boolean, failures: Failure[]): Promise<void> {
  const request = buildRequest(route, a, signedIn);
  const deps: ApiDeps = {
    db,
    mailer,
    dataDir,
    shopName: 'Safe Buddy',
    // A fresh address per request keeps the per-address rate limits out of the way of the fuzzing.
    clientAddress: `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}`,
    user: signedIn && !staffRoute(route) ? customer.user : null,
    sessionToken: signedIn && !staffRoute(route) ? customer.token : null,
    staff: signedIn && staffRoute(route) ? admin.staff : null,
    staffToken: signedIn && staffRoute(route) ? admin.token : null,
  };
  sent++;
  const described = `${request.method} ${request.url} ${a.encoding} ${JSON.stringify(a.hostile).slice(0, 300)}`;
  try {
    const response = await api.handle(request, deps);
    const text = await response.text();
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    if (process.env.FUZZ_DEBUG && response.status < 500)
      console.log(`fuzz: ${response.status} ${described.slice(0, 300)} -> ${text.slice(0, 160)}`);
    if (response.status >= 500)
      failures.push({
        route: route.path,
        status: response.status,
        request: described,
        answer: text.slice(0, 200),
      });
  } catch (error) {
    failures.push({
      route: route.path,
      status: 'threw',
      request: described,
      answer: String(error).slice(0, 200),
    });
  }
}

describe('hostile input to every API route', () => {
  it('covers every route in the router and every field the valid request carries', () => {
    expect(api.routes.length).toBeGreaterThan(40);
    for (const name of Object.keys(validFields())) expect(FIELDS).toContain(name);
  });

  for (const route of api.routes) {
    it(`${route.method} /api/${route.path} answers no 5xx to hostile input, as a guest and as a ${staffRoute(route) ? 'staff admin' : 'customer'}`, async () => {
      const failures: Failure[] = [];
      const attack = attackOn(await fieldsRead(route));
      const started = Date.now();
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(attack, fc.constantFrom(true, true, true, false), async (a, signedIn) => {
          if (runs >= MIN_RUNS_PER_ROUTE && Date.now() - started > ROUTE_BUDGET_MS) return;
          runs++;
          await send(route, a, signedIn, failures);
        }),
        { numRuns: RUNS_PER_ROUTE * 2, seed: SEED },
      );
      if (failures.length > 0)
        console.log(
          `fuzz: ${failures.length} 5xx on ${route.method} /api/${route.path}\n${failures
            .slice(0, 3)
            .map((f) => `  ${f.status} ${f.request}\n    -> ${f.answer}`)
            .join('\n')}`,
        );
      expect(failures.map((f) => `${f.status} ${f.request}`)).toEqual([]);
    });
  }

  it('left no promise rejected unhandled', () => {
    expect(unhandled).toEqual([]);
  });
});
