// The products' CSV imports (docs/decisions/0048-product-csv.md): one row per import started, its
// progress written with each batch, so the import page follows it (and finds it again after a
// reload) from any instance.
import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { ProductCsvProblem } from '../../../domain/product-csv';
import { staffUsers } from './staff';

export const PRODUCT_IMPORT_STATUSES = ['running', 'done', 'failed'] as const;

export const productImports = pgTable(
  'product_imports',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    status: varchar('status', { length: 10, enum: PRODUCT_IMPORT_STATUSES }).notNull().default('running'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    /** Why it stopped (at most PRODUCT_CSV_MAX_PROBLEMS). */
    problems: jsonb('problems').$type<ProductCsvProblem[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('product_imports_created_idx').on(t.createdAt)],
);
