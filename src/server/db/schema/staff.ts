// The back office's people and their traces (docs/decisions/0033-back-office-staff.md): staff
// accounts are not customers (their own table, sessions and cookie), sign in with a password and
// a second factor, and every change they make is written to the audit log.
import { sql } from 'drizzle-orm';
import { STAFF_ROLES } from '../../../domain/staff';
import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    role: varchar('role', { length: 10, enum: STAFF_ROLES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    // The TOTP secret (base32). Needed in clear to check a code; the table is the back office's only.
    totpSecret: varchar('totp_secret', { length: 64 }).notNull(),
    // The last accepted TOTP time step: a code is accepted once (no replay within its 30 s window).
    totpLastStep: integer('totp_last_step'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_users_email_lower_idx').on(sql`lower(${t.email})`)],
);

// Single-use recovery codes, stored hashed, for a staff member who lost the authenticator.
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
);

// Staff sessions: a token of their own (hashed), a cookie of their own, 8 hours idle at most.
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

// Who did what to which record and when, with the values before and after. Append-only: a
// trigger refuses UPDATE and DELETE (migration 0007), so nothing in the app can rewrite it.
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    // Kept as written: the log still names a staff member whose account is gone.
    staffEmail: varchar('staff_email', { length: 254 }),
    action: varchar('action', { length: 60 }).notNull(),
    entityType: varchar('entity_type', { length: 40 }).notNull(),
    entityId: varchar('entity_id', { length: 64 }),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    index('audit_log_staff_idx').on(t.staffId, t.createdAt),
  ],
);
