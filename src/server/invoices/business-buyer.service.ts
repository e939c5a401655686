// The customer's business details (docs/decisions/0051-tax-invoices.md#the-business-buyer): company
// name and TRN kept on the account, both or neither, to start checkout from. An order keeps its
// own copy (orders.buyer_company, buyer_trn); changing these never changes an order.
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { users } from '@/server/db/schema/accounts';
import { ValidationError } from '@/server/errors';
import { checkBusinessBuyer, type BusinessBuyer } from '@/domain/business-buyer';

export async function getBusinessBuyer(db: Db, userId: number): Promise<BusinessBuyer | null> {
  const [row] = await db.select({ company: users.companyName, trn: users.companyTrn }).from(users).where(eq(users.id, userId));
  return row?.company && row.trn ? { company: row.company, trn: row.trn } : null;
}

/** Saves the company name and TRN (both empty: removes them); answers what is kept. */
export async function saveBusinessBuyer(
  db: Db,
  userId: number,
  input: { company?: string | undefined; trn?: string | undefined },
  now: Date,
): Promise<BusinessBuyer | null> {
  const check = checkBusinessBuyer(input.company, input.trn);
  if (!check.ok)
    throw new ValidationError(check.errors.trn ?? check.errors.company!, {
      ...(check.errors.company ? { company_name: [check.errors.company] } : {}),
      ...(check.errors.trn ? { company_trn: [check.errors.trn] } : {}),
    });
  await db
    .update(users)
    .set({ companyName: check.value?.company ?? null, companyTrn: check.value?.trn ?? null, updatedAt: now })
    .where(eq(users.id, userId));
  return check.value;
}
