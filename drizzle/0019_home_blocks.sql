CREATE TABLE "home_images" (
	"key" varchar(32) PRIMARY KEY NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_sections" (
	"section" varchar(20) PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_slides" (
	"id" serial PRIMARY KEY NOT NULL,
	"block" varchar(20) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"href" text,
	"image_link" text NOT NULL,
	"photo_key" varchar(32),
	"hidden" boolean DEFAULT false NOT NULL,
	CONSTRAINT "home_slides_block_check" CHECK ("home_slides"."block" in ('banner', 'hero', 'tiles'))
);
--> statement-breakpoint
ALTER TABLE "home_slides" ADD CONSTRAINT "home_slides_photo_key_home_images_key_fk" FOREIGN KEY ("photo_key") REFERENCES "public"."home_images"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_slides_block_idx" ON "home_slides" USING btree ("block","position");--> statement-breakpoint
-- The home page as it was drawn before staff could edit it (src/server/seed/home-data.ts holds the same rows).
INSERT INTO "home_sections" ("section") VALUES ('banner'), ('hero'), ('tiles'), ('featured'), ('brands'), ('offer');--> statement-breakpoint
INSERT INTO "home_slides" ("block", "position", "title", "text", "href", "image_link") VALUES
	('banner', 0, 'Office Buddy', 'Safes, filing, shredders and counting machines for the workplace', '/store?product-type=office', '/images/home/banner-office.svg'),
	('banner', 1, 'Home Buddy', 'Fire-resistant and burglary safes to keep what matters at home', '/store?product-type=home', '/images/home/banner-home.svg'),
	('hero', 0, 'Burglary safes', 'Certified protection for cash and valuables', '/store', '/images/home/hero-burglary-safes.svg'),
	('hero', 1, 'Paper shredders', 'Cross-cut and micro-cut security for every office', '/store', '/images/home/hero-shredders.svg'),
	('hero', 2, 'Fire safes', 'Up to 120 minutes of tested fire protection', '/store', '/images/home/hero-fire-safes.svg'),
	('hero', 3, 'Currency counters', 'Fast, accurate counting with counterfeit detection', '/store', '/images/home/hero-currency-counters.svg'),
	('tiles', 0, 'Printers', '', NULL, '/images/home/offer-printers.svg'),
	('tiles', 1, 'Chairs', '', NULL, '/images/home/offer-chairs.svg'),
	('tiles', 2, 'Decor', '', NULL, '/images/home/offer-decor.svg'),
	('tiles', 3, 'Storage', '', '/store?category=19', '/images/home/offer-storage.svg'),
	('tiles', 4, 'Safes', '', '/store?category=3', '/images/home/offer-safes.svg');
