ALTER TABLE "brands" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "image" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seo_keywords" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The sold categories' drawn banners, which the store page built from the id before staff could choose one (docs/decisions/0049-categories-brands-seo.md).
UPDATE "categories" SET "image" = '/images/categories/banner-' || "id" || '.svg' WHERE "id" IN (1, 3, 10, 11, 12, 13, 14, 15, 16, 17, 19);
