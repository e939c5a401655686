// Staff edit the home page's blocks (docs/decisions/0050-home-blocks.md): the migration's rows are
// the seed's (today's home page), each section saves whole against its version (409 when stale),
// links stay inside the shop, pictures come only from the product-photo pipeline, hostile uploads
// are refused before anything is written, the offer's code must be a running coupon, every save
// is audited and drops the cached home page after the commit; the shop's reads show the result.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { readdirSync } from 'node:fs';
import type { Db } from '@/server/db/client';
import { auditLog } from '@/server/db/schema/staff';
import { homeImages } from '@/server/db/schema/home';
import type { StaffMember } from '@/server/staff/staff.service';
import { ConflictError, ValidationError } from '@/server/errors';
import { getTopOffer, listFeaturedPicks, listHomeSlides, listTopBrands } from '@/server/catalog/catalog.service';
import { registerLocalCache } from '@/server/cache/registry';
import { cacheTags } from '@/server/cache/tags';
import { wipeCatalog, seedCatalog } from '@/server/seed/seed.service';
import { HOME_SLIDES } from '@/server/seed/home-data';
import { HOME_SLIDE_BLOCKS, type HomeSlideFields } from '@/domain/home-blocks';
import { photoUrl } from '@/domain/product-photos';
import { adminHomeMessages as t } from '@/domain/messages/admin-home';
import { adminCatalogMessages as photoText } from '@/domain/messages/admin-catalog';
import { useFreshDatabase } from '../../../tests/db';
import { insertBrand, insertProduct } from '../../../tests/factories';
import { insertCoupon } from '../../../tests/shopping';
import { signedInStaff } from '../../../tests/staff';
import { pixelBomb, temporaryPhotoStore, testJpeg } from '../../../tests/photos';
import { homeForEdit, saveBrands, saveFeatured, saveOffer, saveSlides, uploadHomeImage, type StaffSlide } from './home-admin.service';

let db: Db;
let staff: StaffMember;
useFreshDatabase(async (database) => {
  db = database.db;
  staff = (await signedInStaff(db, 'staff', { name: 'Huda Home' })).staff;
});

const { store, directory } = temporaryPhotoStore();
const invalidated: string[][] = [];
beforeAll(() => registerLocalCache({ invalidate: async ({ tags }) => void invalidated.push(tags) }));
afterEach(() => {
  invalidated.length = 0;
});

const auditOf = (action: string) => db.select().from(auditLog).where(eq(auditLog.action, action));
const asFields = (s: StaffSlide): HomeSlideFields => ({
  id: s.id,
  title: s.title,
  text: s.text,
  href: s.href ?? '',
  image: s.photo ? s.photo.key : s.imageLink,
  hidden: s.hidden,
});
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e,
  );

describe("today's home page as rows", () => {
  it('the migration inserts the seed’s slides of every block, in order, each section at version 0', async () => {
    const home = await homeForEdit(db);
    for (const block of HOME_SLIDE_BLOCKS)
      expect(home.slides[block].map((s) => ({ title: s.title, text: s.text, href: s.href, image: s.imageLink }))).toEqual(
        HOME_SLIDES[block],
      );
    expect(Object.values(home.versions)).toEqual([0, 0, 0, 0, 0, 0]);
    const shop = await listHomeSlides(db);
    expect(shop.hero.map((s) => s.title)).toEqual(['Burglary safes', 'Paper shredders', 'Fire safes', 'Currency counters']);
    expect(shop.tiles.map((s) => s.href)).toEqual([null, null, null, '/store?category=19', '/store?category=3']);
  });
});

describe('saveSlides', () => {
  it('changes, reorders, hides, adds and removes slides in one save, audited, raising the version and dropping the cached home', async () => {
    const home = await homeForEdit(db);
    const [first, second, third, fourth] = home.slides.hero.map(asFields);
    const items: HomeSlideFields[] = [
      { ...second!, title: 'Shredders this week' },
      { ...first!, hidden: true },
      third!,
      {
        title: 'Vault doors',
        text: 'Made to measure',
        href: '/store?category=15',
        image: '/images/home/hero-fire-safes.svg',
        hidden: false,
      },
    ];
    const saved = await saveSlides(db, staff, 'hero', home.versions.hero, items);
    expect(saved.versions.hero).toBe(home.versions.hero + 1);
    expect(saved.slides.hero.map((s) => [s.title, s.hidden])).toEqual([
      ['Shredders this week', false],
      ['Burglary safes', true],
      ['Fire safes', false],
      ['Vault doors', false],
    ]);
    expect(saved.slides.hero.map((s) => s.id).slice(0, 3)).toEqual([second!.id, first!.id, third!.id]);
    expect(saved.slides.hero.some((s) => s.id === fourth!.id)).toBe(false);
    expect((await listHomeSlides(db)).hero.map((s) => s.title)).toEqual(['Shredders this week', 'Fire safes', 'Vault doors']);
    expect(invalidated).toContainEqual([cacheTags.home]);
    const [entry] = await auditOf('home.hero.save');
    expect(entry).toMatchObject({ staffId: staff.id, entityType: 'home', entityId: 'hero' });
    expect((entry!.before as { title: string }[]).map((s) => s.title)).toContain('Currency counters');
    expect((entry!.after as { title: string }[]).map((s) => s.title)).toContain('Vault doors');
    // The banner did not move.
    expect(saved.versions.banner).toBe(home.versions.banner);
  });

  it('refuses a save against an older version (409) and changes nothing', async () => {
    const home = await homeForEdit(db);
    const items = home.slides.banner.map(asFields);
    await saveSlides(db, staff, 'banner', home.versions.banner, [{ ...items[0]!, title: 'First' }, items[1]!]);
    const stale = await failure(saveSlides(db, staff, 'banner', home.versions.banner, [{ ...items[0]!, title: 'Second' }, items[1]!]));
    expect(stale).toBeInstanceOf(ConflictError);
    expect((stale as ConflictError).message).toBe(t.staleVersion);
    expect((await listHomeSlides(db)).banner[0]!.title).toBe('First');
  });

  it('refuses a banner or hero slide without a link, a slide of another block, and every block all hidden', async () => {
    const home = await homeForEdit(db);
    const hero = home.slides.hero.map(asFields);
    const noLink = await failure(saveSlides(db, staff, 'hero', home.versions.hero, [{ ...hero[0]!, href: '' }]));
    expect(noLink).toBeInstanceOf(ValidationError);
    expect((noLink as ValidationError).fields).toEqual({ 'items.0.href': [t.linkRequired] });
    const allHidden = await failure(
      saveSlides(
        db,
        staff,
        'hero',
        home.versions.hero,
        hero.map((s) => ({ ...s, hidden: true })),
      ),
    );
    expect((allHidden as ValidationError).fields).toEqual({ items: [t.oneShown] });
    const banner = home.slides.banner.map(asFields);
    const foreign = await failure(saveSlides(db, staff, 'banner', home.versions.banner, [...banner, hero[0]!]));
    expect(foreign).toBeInstanceOf(ConflictError);
    // A tile may have no link: it says Coming Soon.
    const tiles = home.slides.tiles.map(asFields);
    const saved = await saveSlides(db, staff, 'tiles', home.versions.tiles, [{ ...tiles[4]!, href: '' }, ...tiles.slice(0, 4)]);
    expect((await listHomeSlides(db)).tiles.map((s) => [s.title, s.href])[0]).toEqual(['Safes', null]);
    expect(saved.slides.tiles).toHaveLength(5);
  });

  it('takes an uploaded picture by its key; refuses a key never uploaded here', async () => {
    const photo = await uploadHomeImage(db, store, staff, await testJpeg(1600, 600));
    expect(photo.widths).toEqual([320, 640, 1024, 1600]);
    expect(readdirSync(directory).filter((f) => f.startsWith(photo.key))).toHaveLength(12);
    expect(await auditOf('home.image.upload')).toHaveLength(1);
    const home = await homeForEdit(db);
    const hero = home.slides.hero.map(asFields);
    const unknown = 'f'.repeat(32);
    const refused = await failure(saveSlides(db, staff, 'hero', home.versions.hero, [{ ...hero[0]!, image: unknown }, ...hero.slice(1)]));
    expect((refused as ValidationError).fields).toEqual({ 'items.0.image': [t.imageNotUploaded] });
    const saved = await saveSlides(db, staff, 'hero', home.versions.hero, [{ ...hero[0]!, image: photo.key }, ...hero.slice(1)]);
    expect(saved.slides.hero[0]!.imageLink).toBe(photoUrl(photo.key, 1600, 'jpg'));
    const [shown] = (await listHomeSlides(db)).hero;
    expect(shown!.photo).toEqual({ key: photo.key, width: 1600, height: 600, widths: [320, 640, 1024, 1600] });
  });

  it('refuses hostile uploads with the photo field’s message and writes no file and no row', async () => {
    const before = readdirSync(directory).length;
    const rows = (await db.select().from(homeImages)).length;
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script></svg>',
    );
    const jpeg = await testJpeg(900, 600);
    const cases: [Uint8Array, string][] = [
      [svg, photoText.photoType],
      [pixelBomb(30_000, 30_000), photoText.photoPixels(50)],
      [jpeg.subarray(0, Math.floor(jpeg.length / 2)), photoText.photoUnreadable],
      [new TextEncoder().encode('GIF89a not a picture we take'), photoText.photoType],
    ];
    for (const [bytes, message] of cases) {
      const error = await failure(uploadHomeImage(db, store, staff, bytes));
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).fields).toEqual({ photo: [message] });
    }
    expect(readdirSync(directory).length).toBe(before);
    expect((await db.select().from(homeImages)).length).toBe(rows);
  });
});

describe('saveFeatured, saveBrands', () => {
  it('puts the featured products in the order given, refuses an archived one, and drops the home and top sellers', async () => {
    const [a, b, c] = [await insertProduct(db), await insertProduct(db), await insertProduct(db)];
    const archived = await insertProduct(db, { archivedAt: new Date() });
    const home = await homeForEdit(db);
    const saved = await saveFeatured(db, staff, home.versions.featured, [c.id, a.id, b.id]);
    expect(saved.featured.map((p) => p.id)).toEqual([c.id, a.id, b.id]);
    expect((await listFeaturedPicks(db, 3)).map((p) => p.id)).toEqual([c.id, a.id, b.id]);
    expect(invalidated.flat()).toEqual(expect.arrayContaining([cacheTags.home, cacheTags.topSellers]));
    const refused = await failure(saveFeatured(db, staff, saved.versions.featured, [archived.id]));
    expect((refused as ValidationError).fields).toEqual({ product_ids: [t.productUnknown] });
    const stale = await failure(saveFeatured(db, staff, home.versions.featured, [a.id]));
    expect(stale).toBeInstanceOf(ConflictError);
    const [entry] = await auditOf('home.featured.save');
    expect(entry!.after).toEqual([c.id, a.id, b.id]);
  });

  it('puts the top brands in the order given', async () => {
    const [x, y] = [await insertBrand(db), await insertBrand(db)];
    const home = await homeForEdit(db);
    await saveBrands(db, staff, home.versions.brands, [y.id, x.id]);
    expect((await listTopBrands(db)).map((b) => b.id)).toEqual([y.id, x.id]);
    const refused = await failure(saveBrands(db, staff, home.versions.brands + 1, [y.id, 999_999]));
    expect((refused as ValidationError).fields).toEqual({ brand_ids: [t.brandUnknown] });
  });
});

describe('saveOffer', () => {
  it('needs an existing coupon, running while the banner is shown; the shop shows the banner as saved', async () => {
    const running = await insertCoupon(db, { code: 'HOMESALE' });
    const off = await insertCoupon(db, { code: 'SLEEPING', active: false });
    let version = (await homeForEdit(db)).versions.offer;
    const offer = { title: 'Weekend offer', sub_title: '15% off safes', code: 'NOSUCH', active: true };
    const unknown = await failure(saveOffer(db, staff, version, offer));
    expect((unknown as ValidationError).fields).toEqual({ code: [t.codeUnknown('NOSUCH')] });
    const notRunning = await failure(saveOffer(db, staff, version, { ...offer, code: off.code }));
    expect((notRunning as ValidationError).fields).toEqual({ code: [t.codeNotRunning(off.code)] });
    // Switched off, the banner may name a coupon that is not running (prepared ahead).
    version = (await saveOffer(db, staff, version, { ...offer, code: off.code, active: false })).versions.offer;
    expect(await getTopOffer(db)).toBeNull();
    const saved = await saveOffer(db, staff, version, { ...offer, code: running.code });
    expect(saved.offer).toEqual({ title: 'Weekend offer', subTitle: '15% off safes', code: 'HOMESALE', active: true });
    expect(await getTopOffer(db)).toEqual({ title: 'Weekend offer', subTitle: '15% off safes', code: 'HOMESALE' });
    expect(await auditOf('home.offer.save')).toHaveLength(2);
    expect(invalidated).toContainEqual([cacheTags.home]);
  });
});

describe('a reseed', () => {
  it('puts back the home page’s slides as the shop opened with them', async () => {
    await wipeCatalog(db);
    await seedCatalog(db, { products: 30 });
    const home = await homeForEdit(db);
    for (const block of HOME_SLIDE_BLOCKS) expect(home.slides[block].map((s) => s.title)).toEqual(HOME_SLIDES[block].map((s) => s.title));
  });
});
