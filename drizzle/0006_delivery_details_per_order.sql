ALTER TABLE "orders" ADD COLUMN "delivery_details" jsonb;--> statement-breakpoint
UPDATE "orders" SET "delivery_details" = jsonb_build_object(
  'id', f."id",
  'contact_name', f."contact_name",
  'contact_number', f."contact_number",
  'date_of_delivery', to_char(f."date_of_delivery", 'YYYY-MM-DD'),
  'available_timing', f."available_timing",
  'remarks', f."remarks",
  'lift_available', f."lift_available",
  'no_of_floors', f."no_of_floors",
  'pass_required', f."pass_required"
), "expect_date" = f."date_of_delivery"
FROM "delivery_location_forms" f WHERE f."id" = "orders"."weight_form_id";
