CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("grand_total","id");--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree (("shipping_address" ->> 'phone'));--> statement-breakpoint
CREATE INDEX "orders_phone_trgm_idx" ON "orders" USING gin (("shipping_address" ->> 'phone') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_recipient_trgm_idx" ON "orders" USING gin (("shipping_address" ->> 'name') gin_trgm_ops);