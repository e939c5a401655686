// Accounts: an example that needs a code issues (and, where the step before it would, validates)
// one itself; the world's customer keeps its password, and its session stays the one in use.
import type { Contract } from '@/domain/api/index';
import type { Db } from '@/server/db/client';
import { requestEmailChange } from '@/server/accounts/accounts.service';
import { issueOtp, validateOtp } from '@/server/accounts/otp.service';
import { codeInMail, insertUser } from '../accounts';
import type { Examples } from './world';

/** The examples' own address for the codes they prepare, apart from the one the calls come from. */
const PREPARING_ADDRESS = '203.0.113.7';

/** A code issued, and validated when the step before the example would have done it. */
async function codeFor(db: Db, email: string, purpose: 'register' | 'reset', validated: boolean): Promise<string> {
  const code = await issueOtp(db, email, purpose, PREPARING_ADDRESS);
  if (validated) await validateOtp(db, email, purpose, code, PREPARING_ADDRESS);
  return code;
}

export const accountsExamples: Examples<Contract['accounts']> = {
  register: async ({ db }) => {
    const email = 'contract.register@example.ae';
    await codeFor(db, email, 'register', true);
    return {
      body: { name: 'Contract Reader', email, password: 'Contract-Pass-1!', c_password: 'Contract-Pass-1!', user_type: 'customer' },
    };
  },
  login: async ({ db }) => {
    const { email, password } = await insertUser(db);
    return { body: { email, password } };
  },
  logout: () => ({}),
  sendOtp: () => ({ body: { email: 'contract.code@example.ae', purpose: 'register' } }),
  sendOtpByLink: () => ({ query: { email: 'contract.link@example.ae', purpose: 'register' } }),
  verifyOtp: async ({ db }) => {
    const email = 'contract.verify@example.ae';
    return { body: { email, otp: await codeFor(db, email, 'register', false) } };
  },
  validateOtp: async ({ db }) => {
    const { email } = await insertUser(db);
    return { body: { email, otp: await codeFor(db, email, 'reset', false) } };
  },
  resetPassword: async ({ db }) => {
    const { email } = await insertUser(db);
    await codeFor(db, email, 'reset', true);
    return { body: { email, new_password: 'Contract-Reset-2!' } };
  },
  profile: ({ customer }) => ({ query: { user_id: String(customer.user.id) } }),
  updateProfile: ({ customer }) => ({ params: { id: customer.user.id }, body: { name: customer.user.name }, encoding: 'multipart' }),
  businessDetails: () => ({}),
  updateBusinessDetails: () => ({ body: { company_name: 'Gulf Safes Trading LLC', company_trn: '100-1234-5670-0003' } }),
  changePassword: ({ customer }) => ({
    params: { id: customer.user.id },
    body: { current_password: customer.row.password, new_password: customer.row.password, confirm_password: customer.row.password },
  }),
  requestEmailChange: ({ customer }) => ({
    body: { new_email: 'contract.new.address@example.ae', current_password: customer.row.password },
  }),
  confirmEmailChange: async ({ db, mailer, customer }) => {
    const newEmail = 'contract.confirmed@example.ae';
    await requestEmailChange(
      { db, mailer, shopName: 'Safe Buddy', dataDir: '' },
      customer.user,
      newEmail,
      customer.row.password,
      PREPARING_ADDRESS,
    );
    return { body: { new_email: newEmail, otp: codeInMail(mailer.to(newEmail).at(-1)) } };
  },
};

export const sessionExamples: Examples<Contract['session']> = {
  // The product page's and the contact page's questions at once, as the signed-in customer.
  me: ({ customer, product }) => ({ query: { product_id: product.id, contact: '1' }, as: customer }),
};
