// The back office's door (docs/decisions/0033-back-office-staff.md): walks every /api/admin route
// the router serves (a new one is walked without touching this file) as a guest, a customer, a
// staff member and an admin. The pages are walked in the browser by e2e/admin-access.spec.ts.
import { describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/client';
import { staffMessages } from '@/domain/messages/staff';
import { api, endpoints } from './index';
import { openApiDocument } from './openapi';
import { staffForToken } from '@/server/staff/staff.service';
import { useFreshDatabase } from '../../../tests/db';
import { signedInCustomer, type Customer } from '../../../tests/shopping';
import { signedInStaff, type StaffCaller } from '../../../tests/staff';
import { callApi, type Envelope } from '../../../tests/api';

let db: Db;
let customer: Customer;
let staff: StaffCaller;
let admin: StaffCaller;
useFreshDatabase(async (database) => {
  db = database.db;
  customer = await signedInCustomer(db);
  staff = await signedInStaff(db, 'staff');
  admin = await signedInStaff(db, 'admin');
});

/** The one admin route open to anyone: the sign-in itself. */
const OPEN = new Set(['POST admin/auth/login']);
const adminRoutes = api.routes.filter((r) => r.path.startsWith('admin/') && !OPEN.has(`${r.method} ${r.path}`));
const pathOf = (path: string) => path.replace(/:\w+/g, '1');

describe('every /api/admin route', () => {
  it('is guarded: staff or admin only (nothing under admin/ is public but the sign-in)', () => {
    expect(adminRoutes.length).toBeGreaterThan(1);
    for (const r of adminRoutes) expect(['staff', 'admin'], `${r.method} ${r.path}`).toContain(r.contract.endpoint.auth);
  });

  for (const r of adminRoutes) {
    it(`${r.method} /api/${r.path}: 401 for a guest, 403 for a customer${r.contract.endpoint.auth === 'admin' ? ' and for staff' : ''}`, async () => {
      const method = r.method;
      const guest = await callApi(db, pathOf(r.path), { method, json: method === 'POST' ? {} : undefined });
      expect(guest.status, guest.text).toBe(401);
      expect((guest.body as Envelope).message).toBe(staffMessages.guestRefused);
      const asCustomer = await callApi(db, pathOf(r.path), { method, as: customer, json: method === 'POST' ? {} : undefined });
      expect(asCustomer.status, asCustomer.text).toBe(403);
      expect((asCustomer.body as Envelope).message).toBe(staffMessages.customerRefused);
      if (r.contract.endpoint.auth === 'admin') {
        const asStaff = await callApi(db, pathOf(r.path), { method, staff, json: method === 'POST' ? {} : undefined });
        expect(asStaff.status, asStaff.text).toBe(403);
        expect((asStaff.body as Envelope).message).toBe(staffMessages.adminOnly);
      }
    });
  }

  it("a customer's session token, sent as the staff cookie, opens no staff session", async () => {
    expect(await staffForToken(db, customer.token)).toBeNull();
  });

  it('opens to staff and admins (who am I)', async () => {
    for (const caller of [staff, admin]) {
      const me = await callApi(db, 'admin/auth/me', { staff: caller });
      expect(me.status, me.text).toBe(200);
      expect((me.body as Envelope<{ staff: { id: number; role: string } }>).data.staff).toMatchObject({
        id: caller.staff.id,
        role: caller.staff.role,
      });
    }
  });
});

describe('the admin API in the OpenAPI document and on the wire', () => {
  type Operation = { security?: unknown; responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
  const document = openApiDocument(endpoints());
  const operationOf = (method: string, path: string) =>
    (document.paths[`/api/${path.replace(/:(\w+)/g, '{$1}')}`] as Record<string, Operation> | undefined)?.[method.toLowerCase()];
  const errorSchema = (op: Operation, status: string) => op.responses[status]?.content?.['application/json']?.schema;
  // A shop endpoint's answers, the shape every admin answer must share.
  const shop = operationOf('GET', 'user/user-details')!;
  const shopWithInput = operationOf('POST', 'subscriber/add-subscriber')!;

  it("describes every /api/admin route, with the staff cookie as its security and the shop's error answers", () => {
    for (const r of api.routes.filter((x) => x.path.startsWith('admin/'))) {
      const op = operationOf(r.method, r.path);
      expect(op, `${r.method} ${r.path}`).toBeDefined();
      if (OPEN.has(`${r.method} ${r.path}`)) continue;
      expect(op!.security, r.path).toEqual([{ staffSessionCookie: [] }]);
      for (const status of ['401', '403']) expect(errorSchema(op!, status), `${r.path} ${status}`).toEqual(errorSchema(shop, '401'));
      const endpoint = r.contract.endpoint;
      if (endpoint.query || endpoint.body || endpoint.params)
        expect(errorSchema(op!, '422'), r.path).toEqual(errorSchema(shopWithInput, '422'));
    }
  });

  it('answers refusals and invalid input in the envelope the shop uses: success false, message, status, fields under data', async () => {
    const keys = (answer: { body: unknown }) => Object.keys(answer.body as object).sort();
    const shopGuest = await callApi(db, 'user/user-details');
    const adminGuest = await callApi(db, 'admin/orders');
    expect(shopGuest.status).toBe(401);
    expect(adminGuest.status).toBe(401);
    expect(keys(adminGuest)).toEqual(keys(shopGuest));
    expect(adminGuest.body).toMatchObject({ success: false, status: 401 });

    const shopInvalid = await callApi(db, 'subscriber/add-subscriber', { json: { email: 'not an e-mail' } });
    const adminInvalid = await callApi(db, 'admin/orders/1/status', { staff, json: { to: 'nowhere' } });
    expect(shopInvalid.status).toBe(422);
    expect(adminInvalid.status, adminInvalid.text).toBe(422);
    expect(keys(adminInvalid)).toEqual(keys(shopInvalid));
    const fields = (adminInvalid.body as Envelope<Record<string, unknown>>).data;
    expect(adminInvalid.body).toMatchObject({ success: false, status: 422 });
    expect(fields.to).toEqual([expect.any(String)]);
    expect(Object.values((shopInvalid.body as Envelope<Record<string, unknown>>).data)[0]).toEqual([expect.any(String)]);
  });
});
