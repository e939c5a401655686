// The message catalog (docs/decisions/0009-message-catalog.md): every user-facing string of the shop, one module per area, so that
// another edition (Arabic, right to left) can be added without touching components. See
// docs/decisions/0009-message-catalog.md.
//
// Server-rendered pages and components import `messages` (or a named area) from here. Islands
// and page scripts import only their area's module ('@/domain/messages/cart'), so a page's
// JavaScript carries its own texts and no others.
import { accountMessages } from './accounts';
import { adminCatalogMessages, adminCatalogTexts, adminPhotoTexts, adminProductEditorTexts } from './admin-catalog';
import { adminCouponMessages, adminCouponTexts } from './admin-coupons';
import { adminTaxonomyMessages, adminTaxonomyTexts } from './admin-taxonomy';
import { adminHomeMessages, adminHomeTexts } from './admin-home';
import { productCsvMessages, productCsvTexts } from './admin-product-csv';
import { adminInboxTexts } from './admin-inbox';
import { adminInvoicesCsvHeader, adminInvoicesMessages, adminInvoicesTexts, taxDocumentKindLabels } from './admin-invoices';
import {
  adminDashboardTexts,
  adminOrderMessages,
  adminOrderTexts,
  adminOrdersCsvHeader,
  adminOrdersMessages,
  adminOrdersTexts,
  paymentStatusLabels,
  paymentTypeLabels,
} from './admin-orders';
import { backOfficeTexts, staffMessages } from './staff';
import { staffAdminTexts } from './staff-admin';
import { authTexts } from './auth';
import { cartFieldMessages, cartMessages, cartTexts } from './cart';
import { checkoutFieldMessages, checkoutMessages, checkoutTexts } from './checkout';
import { contactMessages, contactTexts } from './contact';
import { couponTexts } from './coupon';
import { dialogTexts } from './dialog';
import { errorTexts } from './errors';
import { homeTexts } from './home';
import { inputMessages } from './input';
import { invoiceDocumentArabicTexts, invoiceDocumentTexts } from './invoice-document';
import { businessBuyerMessages, businessBuyerTexts, invoiceTexts } from './invoices';
import { moderationMessages, moderationTexts } from './moderation';
import { newsletterMessages, newsletterTexts, unsubscribeTexts } from './newsletter';
import { deliveryStatusLabels, ordersTexts } from './orders';
import { phoneMessages } from './phone';
import { productTexts } from './product';
import { productLineTexts } from './product-line';
import { profileTexts } from './profile';
import { ratingTexts } from './ratings';
import { reviewFieldMessages, reviewMessages } from './reviews';
import { searchTexts } from './search';
import { shopTexts } from './shop';
import { cardTexts, storeTexts } from './store';
import { testPaymentTexts } from './test-payment';
import { wishlistTexts } from './wishlist';

export * from './accounts';
export * from './admin-catalog';
export * from './admin-coupons';
export * from './admin-taxonomy';
export * from './admin-home';
export * from './admin-product-csv';
export * from './admin-inbox';
export * from './admin-invoices';
export * from './admin-orders';
export * from './auth';
export * from './cart';
export * from './checkout';
export * from './invoices';
export * from './contact';
export * from './coupon';
export * from './dialog';
export * from './errors';
export * from './home';
export * from './input';
export * from './invoice-document';
export * from './moderation';
export * from './newsletter';
export * from './orders';
export * from './phone';
export * from './product';
export * from './product-line';
export * from './profile';
export * from './ratings';
export * from './reviews';
export * from './search';
export * from './shop';
export * from './staff';
export * from './staff-admin';
export * from './store';
export * from './test-payment';
export * from './wishlist';

/** The whole catalog as one object: the shell's groups at the top, then one key per area. */
export const messages = {
  ...shopTexts,
  dialog: dialogTexts,
  errors: errorTexts,
  home: homeTexts,
  store: storeTexts,
  card: cardTexts,
  rating: ratingTexts,
  product: productTexts,
  productLine: productLineTexts,
  reviews: reviewMessages,
  reviewFields: reviewFieldMessages,
  auth: authTexts,
  accounts: accountMessages,
  profile: profileTexts,
  cart: cartTexts,
  cartMessages,
  cartFields: cartFieldMessages,
  coupon: couponTexts,
  wishlist: wishlistTexts,
  checkout: checkoutTexts,
  checkoutMessages,
  invoices: invoiceTexts,
  businessBuyer: businessBuyerTexts,
  businessBuyerMessages,
  checkoutFields: checkoutFieldMessages,
  testPayment: testPaymentTexts,
  orders: ordersTexts,
  deliveryStatus: deliveryStatusLabels,
  search: searchTexts,
  contact: contactTexts,
  contactMessages,
  newsletter: newsletterTexts,
  newsletterMessages,
  unsubscribe: unsubscribeTexts,
  input: inputMessages,
  phone: phoneMessages,
  moderation: moderationTexts,
  moderationMessages,
  backOffice: backOfficeTexts,
  staffMessages,
  staffAdmin: staffAdminTexts,
  adminOrders: adminOrdersTexts,
  adminOrdersMessages,
  adminOrder: adminOrderTexts,
  adminOrderMessages,
  adminOrdersCsvHeader,
  adminDashboard: adminDashboardTexts,
  paymentStatusLabels,
  paymentTypeLabels,
  adminInbox: adminInboxTexts,
  adminInvoices: adminInvoicesTexts,
  adminInvoicesMessages,
  adminInvoicesCsvHeader,
  taxDocumentKindLabels,
  adminCatalogMessages,
  adminCatalog: adminCatalogTexts,
  adminProductEditor: adminProductEditorTexts,
  adminCouponMessages,
  adminCoupons: adminCouponTexts,
  adminTaxonomyMessages,
  adminTaxonomy: adminTaxonomyTexts,
  adminPhotos: adminPhotoTexts,
  adminHomeMessages,
  adminHome: adminHomeTexts,
  productCsvMessages,
  productCsv: productCsvTexts,
  invoiceDocument: invoiceDocumentTexts,
  invoiceDocumentArabic: invoiceDocumentArabicTexts,
} as const;
