import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    profilePicture: text('profile_picture'),
    userType: varchar('user_type', { length: 20 }).notNull().default('customer'),
    // A shopper buying for a VAT-registered business (docs/decisions/0051-tax-invoices.md): offered
    // at checkout, copied onto each order. Both null for a consumer.
    companyName: varchar('company_name', { length: 160 }),
    companyTrn: varchar('company_trn', { length: 15 }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // The back office's order search (docs/decisions/0036-admin-order-list.md): an e-mail by its
    // beginning (a LIKE prefix needs the pattern operator class whatever the collation), a name by any part.
    index('users_email_prefix_idx').using('btree', sql`lower(${t.email}) text_pattern_ops`),
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    // Only a hash of the opaque token is stored (docs/decisions/0008-sessions.md): a leaked table gives no session.
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    purpose: varchar('purpose', { length: 20, enum: ['register', 'reset', 'email_change'] }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otp_codes_email_purpose_idx').on(t.email, t.purpose, t.createdAt)],
);

// Sliding-window limits shared by every app instance: login, OTP, contact, newsletter,
// reviews. A key holds the times of its counted attempts within the rule's window, at most the
// rule's limit of them (docs/decisions/0014-client-address-and-sliding-limits.md).
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 200 }).primaryKey(),
  attempts: timestamp('attempts', { withTimezone: true })
    .array()
    .notNull()
    .default(sql`'{}'::timestamptz[]`),
});
