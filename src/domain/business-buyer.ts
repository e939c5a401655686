// The business buyer (docs/decisions/0051-tax-invoices.md#the-business-buyer): a VAT-registered company
// gives its name and TRN at checkout or in the profile, both or neither; the TRN is kept as its 15
// digits (normaliseTrn). Zod-free, for the islands and the server alike; the texts are
// businessBuyerMessages in the message catalog.
import { businessBuyerMessages as m } from './messages/invoices';
import { normaliseTrn } from './tax-invoice';

/** The longest company name kept (orders.buyer_company, users.company_name). */
export const COMPANY_NAME_MAX = 160;
/** The longest TRN input taken, spaces and dashes included. */
export const TRN_INPUT_MAX = 40;

export interface BusinessBuyer {
  company: string;
  /** 15 digits. */
  trn: string;
}

export type BusinessBuyerCheck = { ok: true; value: BusinessBuyer | null } | { ok: false; errors: { company?: string; trn?: string } };

/** A company name as kept: trimmed, inner runs of spaces made one. */
const cleanCompany = (input: string | null | undefined) => (input ?? '').replace(/\s+/g, ' ').trim();

/** Both empty: a consumer (null); both given and the TRN 15 digits: the business; anything else says what is wrong, by field. */
export function checkBusinessBuyer(company: string | null | undefined, trn: string | null | undefined): BusinessBuyerCheck {
  const name = cleanCompany(company);
  const typed = (trn ?? '').trim();
  if (name === '' && typed === '') return { ok: true, value: null };
  const errors: { company?: string; trn?: string } = {};
  if (name.length > COMPANY_NAME_MAX) errors.company = m.companyTooLong;
  else if (name === '') errors.company = m.trnNeedsCompany;
  const digits = typed === '' ? null : normaliseTrn(typed);
  if (typed === '') errors.trn = m.companyNeedsTrn;
  else if (!digits) errors.trn = m.trnInvalid;
  if (errors.company || errors.trn) return { ok: false, errors };
  return { ok: true, value: { company: name, trn: digits! } };
}
