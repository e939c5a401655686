// The products' CSV export and import (docs/decisions/0048-product-csv.md): each handler calls the
// CSV service. The import's writing goes on after the answer, in this process; its progress is in
// the database, so any instance answers the page's polls.
import { adminProductCsvApi } from '@/domain/api/admin-product-csv';
import { productCsvMessages as m } from '@/domain/messages/admin-product-csv';
import { adminProductFiltersOf } from '@/server/admin-catalog/product-admin.service';
import * as csv from '@/server/admin-catalog/product-csv.service';
import { productCsvCheckJson, productImportJson } from '@/server/admin-catalog/product-csv.wire';
import { PRODUCT_CSV_COLUMNS } from '@/domain/product-csv';
import { csvResponse } from '@/server/csv';
import { route } from './router';

const fileBytes = async (file: File) => new Uint8Array(await file.arrayBuffer());

export const adminProductCsvRoutes = [
  route(adminProductCsvApi.export, async ({ db, now }, { query }) =>
    csvResponse(csv.productCsvFilename(now()), PRODUCT_CSV_COLUMNS, csv.productCsvRecords(db, adminProductFiltersOf(query))),
  ),
  route(adminProductCsvApi.check, async ({ db }, { body }) => ({
    data: productCsvCheckJson(await csv.checkProductCsv(db, csv.readProductCsv(await fileBytes(body.file)))),
    message: m.checked,
  })),
  route(adminProductCsvApi.start, async ({ db, now }, { body, staff }) => {
    const file = csv.readProductCsv(await fileBytes(body.file));
    const { check, job } = await csv.startProductImport(db, staff, file, body.file.name || 'products.csv', now);
    return job
      ? { data: { check: productCsvCheckJson(check), import: productImportJson(job, now()) }, message: m.started, status: 202 }
      : { data: { check: productCsvCheckJson(check), import: null }, message: m.notStarted };
  }),
  route(adminProductCsvApi.import, async ({ db, now }, { params }) => ({
    data: productImportJson(await csv.productImport(db, Number(params.id)), now()),
    message: m.job,
  })),
];
