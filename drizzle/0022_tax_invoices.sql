CREATE TABLE "tax_credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" varchar(40) NOT NULL,
	"series" varchar(20) NOT NULL,
	"sequence" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"refund_id" integer,
	"reason" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_trn" varchar(15),
	"net_total" integer NOT NULL,
	"vat_total" integer NOT NULL,
	"grand_total" integer NOT NULL,
	"document" jsonb NOT NULL,
	CONSTRAINT "tax_credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "tax_credit_notes_refund_id_unique" UNIQUE("refund_id")
);
--> statement-breakpoint
CREATE TABLE "tax_document_series" (
	"series" varchar(20) PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" varchar(40) NOT NULL,
	"series" varchar(20) NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" integer NOT NULL,
	"form" varchar(10) NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_trn" varchar(15),
	"net_total" integer NOT NULL,
	"vat_total" integer NOT NULL,
	"grand_total" integer NOT NULL,
	"document" jsonb NOT NULL,
	CONSTRAINT "tax_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "tax_invoices_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_name" varchar(160);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_trn" varchar(15);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_company" varchar(160);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_trn" varchar(15);--> statement-breakpoint
ALTER TABLE "tax_credit_notes" ADD CONSTRAINT "tax_credit_notes_invoice_id_tax_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_credit_notes" ADD CONSTRAINT "tax_credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_credit_notes" ADD CONSTRAINT "tax_credit_notes_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_credit_notes_series_sequence_idx" ON "tax_credit_notes" USING btree ("series","sequence");--> statement-breakpoint
CREATE INDEX "tax_credit_notes_invoice_idx" ON "tax_credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "tax_credit_notes_issued_idx" ON "tax_credit_notes" USING btree ("issued_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_series_sequence_idx" ON "tax_invoices" USING btree ("series","sequence");--> statement-breakpoint
CREATE INDEX "tax_invoices_issued_idx" ON "tax_invoices" USING btree ("issued_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tax_invoices_buyer_trgm_idx" ON "tax_invoices" USING gin ("buyer_name" gin_trgm_ops);