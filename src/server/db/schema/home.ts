// The home page's blocks that staff edit (docs/decisions/0050-home-blocks.md): the banner's
// slides, the hero slider's promotions and the offer tiles are rows of home_slides by block; an
// uploaded picture is a row of home_images (the variants' common name, as product photos'
// photo_key, docs/decisions/0046-product-photos.md); home_sections keeps one version a section
// of /admin/home, so a stale save is refused. Featured products, top brands and the top offer
// keep their own tables (./catalog.ts).
import { boolean, check, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const homeImages = pgTable('home_images', {
  /** The upload's hash: the variants are `{key}-{width}.{avif|webp|jpg}`. */
  key: varchar('key', { length: 32 }).primaryKey(),
  /** Upright, as written at the largest width. */
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  widths: integer('widths').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const homeSlides = pgTable(
  'home_slides',
  {
    id: serial('id').primaryKey(),
    /** banner, hero or tiles (HOME_SLIDE_BLOCKS). */
    block: varchar('block', { length: 20 }).notNull(),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    /** A path inside the shop; null on an offer tile: "Coming Soon", no link. */
    href: text('href'),
    /** A drawn picture of the shop (/images/home/*.svg), or an uploaded photo's largest JPEG. */
    imageLink: text('image_link').notNull(),
    photoKey: varchar('photo_key', { length: 32 }).references(() => homeImages.key),
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [
    index('home_slides_block_idx').on(t.block, t.position),
    check('home_slides_block_check', sql`${t.block} in ('banner', 'hero', 'tiles')`),
  ],
);

export const homeSections = pgTable('home_sections', {
  /** banner, hero, tiles, featured, brands, offer (HOME_SECTIONS). */
  section: varchar('section', { length: 20 }).primaryKey(),
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
