ALTER TABLE "brands" DROP CONSTRAINT "brands_name_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_lower_idx" ON "brands" USING btree (lower("name"));