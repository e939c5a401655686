// The staff's SEO texts (docs/decisions/0049-categories-brands-seo.md): title, description and
// keywords of the home page and the office and home stores (seo_keywords, served by GET
// /api/seo/get and written into those pages' heads). An edit is saved against a version, audited in
// its transaction, and drops every cached page and answer once committed (`all`: the heads of
// several pages and the seo/get answer show them; edits are rare).
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { seoKeywords } from '@/server/db/schema/catalog';
import { recordAudit } from '@/server/audit/audit.service';
import type { StaffMember } from '@/server/staff/staff.service';
import { ConflictError, NotFoundError } from '@/server/errors';
import { catalogTransaction, touch } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import { SEO_PAGE_KEYS, type SeoInput, type SeoPageKey } from '@/domain/taxonomy-admin';
import { adminTaxonomyMessages as t } from '@/domain/messages/admin-taxonomy';

export type SeoRecord = typeof seoKeywords.$inferSelect;

/** The rows of the known pages, in the order of SEO_PAGE_KEYS. */
export async function listSeoForStaff(db: Db): Promise<SeoRecord[]> {
  const rows = await db.select().from(seoKeywords).orderBy(asc(seoKeywords.pageKey));
  return SEO_PAGE_KEYS.flatMap((key) => rows.filter((r) => r.pageKey === key));
}

export async function seoForEdit(db: Db, pageKey: SeoPageKey): Promise<SeoRecord> {
  const [row] = await db.select().from(seoKeywords).where(eq(seoKeywords.pageKey, pageKey));
  if (!row) throw new NotFoundError(t.seoNotFound);
  return row;
}

export async function updateSeo(
  db: Db,
  staff: StaffMember,
  pageKey: SeoPageKey,
  version: number,
  input: SeoInput,
  now = new Date(),
): Promise<SeoRecord> {
  return catalogTransaction(db, async (tx) => {
    const [before] = await tx.select().from(seoKeywords).where(eq(seoKeywords.pageKey, pageKey)).for('update');
    if (!before) throw new NotFoundError(t.seoNotFound);
    if (before.version !== version) throw new ConflictError(t.seoStale);
    const [after] = await tx
      .update(seoKeywords)
      .set({ ...input, version: sql`${seoKeywords.version} + 1` })
      .where(eq(seoKeywords.id, before.id))
      .returning();
    await recordAudit(tx, staff, { action: 'seo.update', entityType: 'seo', entityId: pageKey, before, after }, now);
    touch(tx, [cacheTags.all]);
    return after!;
  });
}
