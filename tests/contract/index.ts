// Every area's examples, keyed like the contract: a new area of the contract needs its examples here.
import type { Contract } from '@/domain/api/index';
import { accountsExamples, sessionExamples } from './accounts.examples';
import { adminOrdersExamples } from './admin-orders.examples';
import { adminCatalogExamples } from './admin-catalog.examples';
import { adminCouponsExamples } from './admin-coupons.examples';
import { adminTaxonomyExamples } from './admin-taxonomy.examples';
import { adminHomeExamples } from './admin-home.examples';
import { adminProductCsvExamples } from './admin-product-csv.examples';
import { adminModerationExamples } from './admin-moderation.examples';
import { adminAuthExamples, adminStaffExamples } from './admin.examples';
import { cartExamples, couponsExamples, wishlistExamples } from './cart.examples';
import { catalogExamples } from './catalog.examples';
import { addressesExamples, checkoutExamples, ordersExamples } from './checkout.examples';
import { adminInboxExamples, contactExamples, newsletterExamples } from './messages.examples';
import { reviewsExamples } from './reviews.examples';
import { systemExamples } from './system.examples';
import { adminDashboardExamples, adminOrderListExamples } from './admin-order-list.examples';
import { adminInvoicesExamples } from './admin-invoices.examples';
import type { Examples } from './world';

export const examples: { [Area in keyof Contract]: Examples<Contract[Area]> } = {
  system: systemExamples,
  catalog: catalogExamples,
  reviews: reviewsExamples,
  newsletter: newsletterExamples,
  contact: contactExamples,
  accounts: accountsExamples,
  session: sessionExamples,
  cart: cartExamples,
  wishlist: wishlistExamples,
  coupons: couponsExamples,
  addresses: addressesExamples,
  checkout: checkoutExamples,
  orders: ordersExamples,
  adminAuth: adminAuthExamples,
  adminOrders: adminOrdersExamples,
  adminOrderList: adminOrderListExamples,
  adminDashboard: adminDashboardExamples,
  adminInbox: adminInboxExamples,
  adminModeration: adminModerationExamples,
  adminStaff: adminStaffExamples,
  adminCatalog: adminCatalogExamples,
  adminCoupons: adminCouponsExamples,
  adminTaxonomy: adminTaxonomyExamples,
  adminHome: adminHomeExamples,
  adminProductCsv: adminProductCsvExamples,
  adminInvoices: adminInvoicesExamples,
};
