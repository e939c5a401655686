// The products' CSV export and import, called as the world's admin (docs/decisions/0048-product-csv.md).
import type { Contract } from '@/domain/api/index';
import { readProductCsv, startProductImport } from '@/server/admin-catalog/product-csv.service';
import type { Examples, World } from './world';

let n = 0;
const csvText = ({ category }: World) =>
  `sku,name,price,weight_kg,product_type,categories\nCONTRACT-CSV-${++n},Filing cabinet,850,40,office,${category.id}\n`;
const file = (world: World) => new File([csvText(world)], 'products.csv', { type: 'text/csv' });

export const adminProductCsvExamples: Examples<Contract['adminProductCsv']> = {
  export: ({ admin }) => ({ staff: admin, query: { q: 'a', status: 'live' } }),
  check: (world) => ({ staff: world.admin, body: { file: file(world) }, encoding: 'multipart' }),
  start: (world) => ({ staff: world.admin, body: { file: file(world) }, encoding: 'multipart' }),
  import: async (world) => {
    const { job, run } = await startProductImport(
      world.db,
      world.admin.staff,
      readProductCsv(new TextEncoder().encode(csvText(world))),
      'x.csv',
    );
    await run;
    return { staff: world.admin, params: { id: job!.id } };
  },
};
