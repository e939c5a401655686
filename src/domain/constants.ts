// Every business constant of the spec, defined once (docs/product.md#prices-totals-and-limits, docs/decisions/0002-money-in-fils-api-in-aed.md, docs/decisions/0019-catalog.md).
export const VAT_RATE_PERCENT = 5;
export const CURRENCY = 'AED';
export const FILS_PER_AED = 100;

export const HEAVY_CART_KG = 100;
export const FREE_SHIPPING_DUBAI_AED = 300;

export const PRODUCT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;
export const CATEGORIES_LIMIT = 100;
export const PAGER_MAX_NUMBERS = 7;
export const FEATURED_ON_HOME = 5;
export const LATEST_ON_HOME = 4;
export const NEW_ARRIVALS_ON_HOME = 8;
export const RELATED_PRODUCTS = 4;
/** Products shown under an empty list or search (docs/product.md#store-and-product-lists). */
export const POPULAR_PRODUCTS = 4;
/** A product is badged 'New' for this many days after it is added. */
export const NEW_BADGE_DAYS = 30;

export const LIVE_SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_CHARS = 100;
export const HEADER_FIXED_AFTER_PX = 70;
export const MOBILE_BREAKPOINT_PX = 1024;
export const HOME_CAROUSEL_INTERVAL_MS = 10_000;
export const HOME_SWIPE_THRESHOLD_PX = 50;
export const HERO_SLIDER_INTERVAL_MS = 5_000;
export const BRAND_STRIP_STEP_PX = 2;
export const BRAND_STRIP_TICK_MS = 30;
export const NOTIFICATION_MS = 1_000;

export const PRODUCT_TYPES = ['office', 'home'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
/** The spec's numeric product_type parameter: 2 office, 1 home. */
export const PRODUCT_TYPE_CODES: Record<string, ProductType> = { '2': 'office', '1': 'home' };

export const CATEGORY_IDS = [1, 3, 10, 11, 12, 13, 14, 15, 16, 17, 19] as const;

/** Staff passwords guard every customer's data: longer than shoppers' (docs/decisions/0033-back-office-staff.md). */
export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 128;
