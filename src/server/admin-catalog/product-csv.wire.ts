// The products' CSV import, model -> wire (docs/architecture.md#the-api-contract): snake_case.
import type { z } from 'zod';
import type { productCsvCheckWire, productImportWire } from '@/domain/api/admin-product-csv';
import { importStatusOf, type ProductCsvCheck, type ProductImportJob } from './product-csv.service';

export function productCsvCheckJson(check: ProductCsvCheck): z.input<typeof productCsvCheckWire> {
  return {
    total: check.total,
    creates: check.creates,
    updates: check.updates,
    unchanged: check.unchanged,
    problem_count: check.problemCount,
    problems: check.problems,
  };
}

export function productImportJson(job: ProductImportJob, now: Date): z.input<typeof productImportWire> {
  return {
    id: job.id,
    file_name: job.fileName,
    status: importStatusOf(job, now),
    total: job.total,
    done: job.done,
    created: job.created,
    updated: job.updated,
    unchanged: job.unchanged,
    problems: job.problems,
    created_at: job.createdAt.toISOString(),
    finished_at: job.finishedAt?.toISOString() ?? null,
  };
}
