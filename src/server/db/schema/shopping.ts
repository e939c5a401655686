import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar, date } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts';
import { products } from './catalog';
import { staffUsers } from './staff';
import { ZERO_FILS, type Fils } from '../../../domain/money';

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    color: varchar('color', { length: 40 }),
    attributeId: integer('attribute_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_user_product_idx').on(t.userId, t.productId),
    check('cart_items_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wishlist_items_user_product_idx').on(t.userId, t.productId)],
);

export const coupons = pgTable('coupons', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 20 }).notNull().unique(),
  // percent: `discount` is a percentage; amount: `discount` is fils off.
  discountType: varchar('discount_type', { length: 10, enum: ['percent', 'amount'] }).notNull(),
  discount: integer('discount').notNull(),
  maxDiscount: integer('max_discount').$type<Fils>(),
  minAmount: integer('min_amount').$type<Fils>().notNull().default(ZERO_FILS),
  startDate: timestamp('start_date', { withTimezone: true }),
  endDate: timestamp('end_date', { withTimezone: true }).notNull(),
  active: boolean('active').notNull().default(true),
  // Use limits (docs/decisions/0047-coupons-by-staff.md): a use is an order with the coupon that
  // was not cancelled, counted from the orders under the coupon's row lock. Null: no limit.
  maxUses: integer('max_uses'),
  maxUsesPerCustomer: integer('max_uses_per_customer'),
  // Raised by every staff edit: a save against an older version is refused.
  version: integer('version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // Seeded reviews have no account behind them; the name is kept as written.
    customerName: varchar('customer_name', { length: 120 }).notNull(),
    rating: integer('rating').notNull(),
    comments: text('comments').notNull(),
    // Hidden by staff: out of the product page, its average and its count (docs/decisions/0035-messages-reviews-audit.md).
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: integer('hidden_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reviews_product_idx').on(t.productId, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    // One review per customer and product: a second one updates the first.
    uniqueIndex('reviews_product_user_unique').on(t.productId, t.userId),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    phone: varchar('phone', { length: 10 }).notNull(),
    /** The PO box (the column keeps the API's name). */
    poBox: varchar('pincode', { length: 5 }).notNull(),
    flatBuilding: text('flat_building').notNull(),
    address: text('address').notNull(),
    city: varchar('city', { length: 80 }).notNull(),
    state: varchar('state', { length: 40 }).notNull(),
    locality: varchar('locality', { length: 120 }).notNull(),
    landMark: varchar('land_mark', { length: 120 }).notNull(),
    addressType: varchar('address_type', { length: 10, enum: ['Home', 'Work', 'Other'] }).notNull(),
    isDefaultAddress: boolean('is_default_address').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    // At most one default per customer, enforced by the database itself.
    uniqueIndex('addresses_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefaultAddress}`),
  ],
);

/** The delivery location form (docs/glossary.md: the delivery form), filled for a cart over 100 kg. */
export const deliveryForms = pgTable('delivery_location_forms', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  contactName: varchar('contact_name', { length: 120 }).notNull(),
  contactNumber: varchar('contact_number', { length: 10 }).notNull(),
  dateOfDelivery: date('date_of_delivery').notNull(),
  availableTiming: varchar('available_timing', { length: 60 }).notNull(),
  remarks: text('remarks'),
  liftAvailable: varchar('lift_available', { length: 3, enum: ['Yes', 'No'] }).notNull(),
  noOfFloors: integer('no_of_floors'),
  passRequired: varchar('pass_required', { length: 3, enum: ['Yes', 'No'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const subscribers = pgTable('subscribers', {
  id: serial('id').primaryKey(),
  email: varchar('email', { length: 254 }).notNull().unique(),
  // The secret in every newsletter mail's unsubscribe link.
  unsubscribeToken: varchar('unsubscribe_token', { length: 64 })
    .notNull()
    .unique()
    .default(sql`replace(gen_random_uuid()::text, '-', '')`),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  firstName: varchar('first_name', { length: 80 }).notNull(),
  lastName: varchar('last_name', { length: 80 }).notNull(),
  email: varchar('email', { length: 254 }).notNull(),
  phone: varchar('phone', { length: 10 }).notNull(),
  message: text('message').notNull(),
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Replies sent by mail from the back office's inbox, kept as sent.
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId)],
);
