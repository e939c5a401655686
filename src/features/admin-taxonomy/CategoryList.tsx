// The categories in the shop's order (docs/decisions/0049-categories-brands-seo.md): each with its
// icon, id and product count, moved up or down one place at a time; every move sends the whole order
// (409 when the list changed since the page was read: reload).
import { useState } from 'react';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { FormAlert } from '@/client/form-fields';
import { adminTaxonomyTexts as t } from '@/domain/messages/admin-taxonomy';

export interface ListedCategory {
  id: number;
  name: string;
  icon: string;
  coming_soon: boolean;
  product_count: number;
}

const arrow = (up: boolean) => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
    <path d={up ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export default function CategoryList({ categories }: { categories: ListedCategory[] }) {
  const [list, setList] = useState(categories);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const move = async (index: number, by: -1 | 1) => {
    const target = index + by;
    if (busy || target < 0 || target >= list.length) return;
    const next = [...list];
    [next[index], next[target]] = [next[target]!, next[index]!];
    setBusy(true);
    setProblem(null);
    const answer = await call(endpoints.adminTaxonomy.orderCategories, { body: { category_ids: next.map((c) => c.id) } });
    setBusy(false);
    if (answer.ok && answer.data) setList(answer.data);
    else setProblem(answer.message ?? t.categories.orderFailed);
  };

  return (
    <div>
      <FormAlert message={problem} />
      {list.length === 0 && <p className="mt-6 text-sm text-ink-500">{t.categories.none}</p>}
      <ol className="mt-3 grid gap-2" data-testid="admin-categories" aria-busy={busy}>
        {list.map((c, i) => (
          <li key={c.id} className="flex items-center gap-3 rounded-xl border border-ink-100 bg-white p-3" data-admin-category={c.id}>
            <img src={c.icon} alt="" width="48" height="48" className="h-12 w-12 shrink-0 object-contain" />
            <div className="min-w-0 flex-1">
              <a href={`/admin/categories/${c.id}`} className="font-semibold break-words hover:text-brand-700 hover:underline">
                {c.name}
              </a>
              <p className="text-xs text-ink-500">
                {t.categories.id(c.id)} · {t.categories.products(c.product_count)}
                {c.coming_soon && (
                  <span className="ms-2 rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-900">{t.categories.comingSoon}</span>
                )}
              </p>
            </div>
            <div className="flex shrink-0 gap-1">
              <button
                type="button"
                className="border-ink-200 flex h-11 w-11 items-center justify-center rounded-md border hover:bg-ink-50 disabled:opacity-40"
                aria-label={t.categories.moveUp(c.name)}
                disabled={busy || i === 0}
                onClick={() => void move(i, -1)}
              >
                {arrow(true)}
              </button>
              <button
                type="button"
                className="border-ink-200 flex h-11 w-11 items-center justify-center rounded-md border hover:bg-ink-50 disabled:opacity-40"
                aria-label={t.categories.moveDown(c.name)}
                disabled={busy || i === list.length - 1}
                onClick={() => void move(i, 1)}
              >
                {arrow(false)}
              </button>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
