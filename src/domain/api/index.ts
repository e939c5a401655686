// The whole API contract, by area (docs/architecture.md#the-api-contract). The browser never
// imports this at run time (it would bring zod and every schema into the islands): it uses the
// generated, schema-free table in src/client/api/endpoints.gen.ts, typed by this module.
import { accountsApi } from './accounts';
import { adminAuthApi } from './admin-auth';
import { adminCatalogApi } from './admin-catalog';
import { adminCouponsApi } from './admin-coupons';
import { adminHomeApi } from './admin-home';
import { adminProductCsvApi } from './admin-product-csv';
import { adminOrdersApi } from './admin-orders';
import { adminDashboardApi, adminOrderListApi } from './admin-orders-list';
import { adminInboxApi } from './admin-inbox';
import { adminInvoicesApi } from './admin-invoices';
import { adminModerationApi } from './admin-moderation';
import { adminStaffApi } from './admin-staff';
import { adminTaxonomyApi } from './admin-taxonomy';
import { cartApi, couponsApi, wishlistApi } from './cart';
import { addressesApi } from './addresses';
import { catalogApi } from './catalog';
import { checkoutApi } from './checkout';
import { contactApi } from './contact';
import { newsletterApi } from './newsletter';
import { ordersApi } from './orders';
import { reviewsApi } from './reviews';
import { sessionApi } from './session';
import { systemApi } from './system';

export const contract = {
  system: systemApi,
  catalog: catalogApi,
  reviews: reviewsApi,
  newsletter: newsletterApi,
  contact: contactApi,
  accounts: accountsApi,
  session: sessionApi,
  cart: cartApi,
  wishlist: wishlistApi,
  coupons: couponsApi,
  addresses: addressesApi,
  checkout: checkoutApi,
  orders: ordersApi,
  adminAuth: adminAuthApi,
  adminOrders: adminOrdersApi,
  adminOrderList: adminOrderListApi,
  adminDashboard: adminDashboardApi,
  adminInbox: adminInboxApi,
  adminModeration: adminModerationApi,
  adminStaff: adminStaffApi,
  adminCatalog: adminCatalogApi,
  adminCoupons: adminCouponsApi,
  adminTaxonomy: adminTaxonomyApi,
  adminHome: adminHomeApi,
  adminProductCsv: adminProductCsvApi,
  adminInvoices: adminInvoicesApi,
};

export type Contract = typeof contract;
