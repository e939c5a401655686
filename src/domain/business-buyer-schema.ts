// The profile's business details form (docs/decisions/0051-tax-invoices.md#the-business-buyer): the
// rules of business-buyer.ts as a zod schema, for the API's body and the island's form.
import { z } from './zod';
import { singleLine } from './input';
import { COMPANY_NAME_MAX, TRN_INPUT_MAX, checkBusinessBuyer } from './business-buyer';

export const businessBuyerSchema = z
  .object({
    company_name: singleLine(z.string().max(COMPANY_NAME_MAX * 2)).optional(),
    company_trn: singleLine(z.string().max(TRN_INPUT_MAX)).optional(),
  })
  .superRefine((v, ctx) => {
    const check = checkBusinessBuyer(v.company_name, v.company_trn);
    if (check.ok) return;
    if (check.errors.company) ctx.addIssue({ code: 'custom', path: ['company_name'], message: check.errors.company });
    if (check.errors.trn) ctx.addIssue({ code: 'custom', path: ['company_trn'], message: check.errors.trn });
  });
