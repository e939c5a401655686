// Featured products (docs/decisions/0050-home-blocks.md): the list in order with Move up, Move
// down and Remove (buttons, so a phone, a keyboard and a mouse change it the same way), and a
// search by name or SKU through the staff's product list to add one at the end.
import { useId, useState, type SubmitEvent } from 'react';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { toHomeModel, type HomeModel } from '@/client/api/admin-home';
import { inputClass } from '@/client/form-fields';
import { HOME_FEATURED_MAX } from '@/domain/home-blocks';
import { adminHomeTexts as t } from '@/domain/messages/admin-home';
import { FEATURED_ON_HOME } from '@/domain/constants';
import { moved } from './home-lists';
import { ItemButtons, SectionFrame, idleSection, type SectionState } from './SectionFrame';

type Featured = HomeModel['featured'][number];

export function FeaturedSection({ initial, version: initialVersion }: { initial: Featured[]; version: number }) {
  const id = useId();
  const [items, setItems] = useState(initial);
  const [version, setVersion] = useState(initialVersion);
  const [state, setState] = useState<SectionState>(idleSection);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Featured[] | null>(null);
  const [finding, setFinding] = useState(false);
  const edit = (list: Featured[]) => {
    setItems(list);
    setState((s) => ({ ...s, status: null, formError: null }));
  };

  const find = async () => {
    if (!query.trim()) return;
    setFinding(true);
    const answer = await call(endpoints.adminCatalog.products, { query: { q: query.trim(), limit: 8 } });
    setFinding(false);
    setFound(
      answer.ok && answer.data
        ? answer.data.data.map((p) => ({ id: p.id, name: p.name, sku: p.sku, thumbnail: p.thumbnail, archived: false }))
        : [],
    );
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (items.length > HOME_FEATURED_MAX) {
      setState({ ...idleSection, formError: t.fixErrors });
      return;
    }
    setState({ ...idleSection, busy: true });
    const answer = await call(endpoints.adminHome.saveFeatured, { body: { version, product_ids: items.map((p) => p.id) } });
    if (answer.ok && answer.data) {
      const saved = toHomeModel(answer.data);
      setItems(saved.featured);
      setVersion(saved.versions.featured);
      setState({ ...idleSection, status: answer.message });
      return;
    }
    setState({ ...idleSection, stale: answer.status === 409, formError: answer.fields.product_ids ?? answer.message ?? t.failed });
  };

  return (
    <SectionFrame section="featured" state={state} onSubmit={(event) => void onSubmit(event)}>
      {items.length === 0 ? (
        <p className="text-sm text-ink-500">{t.noProducts}</p>
      ) : (
        <ol className="flex flex-col gap-2" data-testid="featured-list">
          {items.map((p, i) => (
            <li
              key={p.id}
              className="flex flex-col gap-2 rounded-xl border border-ink-100 p-3 sm:flex-row sm:items-center sm:justify-between"
              data-featured-id={p.id}
            >
              <div className="flex min-w-0 items-center gap-3">
                <img src={p.thumbnail} alt="" width="48" height="48" className="h-12 w-12 shrink-0 rounded bg-ink-50 object-contain" />
                <div className="min-w-0">
                  <p className="truncate text-sm font-semibold">
                    <span className="me-2 text-ink-500">{i + 1}.</span>
                    {p.name}
                  </p>
                  <p className="text-xs text-ink-500">
                    {t.sku(p.sku)}
                    {i < FEATURED_ON_HOME && <span className="ms-2 rounded bg-emerald-50 px-1.5 py-0.5 text-emerald-800">{t.onHome}</span>}
                  </p>
                </div>
              </div>
              <ItemButtons
                name={p.name}
                first={i === 0}
                last={i === items.length - 1}
                onMove={(step) => edit(moved(items, i, step))}
                onRemove={() => edit(items.filter((x) => x.id !== p.id))}
              />
            </li>
          ))}
        </ol>
      )}
      <div className="rounded-xl bg-ink-50 p-3">
        <label htmlFor={`${id}-find`} className="mb-1.5 block text-sm font-medium text-ink-700">
          {t.findProduct}
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-find`}
            type="search"
            className={inputClass}
            value={query}
            placeholder={t.findProductHint}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void find();
              }
            }}
          />
          <button type="button" className="btn-secondary h-11 shrink-0" onClick={() => void find()} disabled={finding}>
            {t.find}
          </button>
        </div>
        {found && (
          <ul className="mt-2 flex flex-col gap-1" data-testid="featured-found">
            {found.length === 0 && <li className="text-sm text-ink-500">{t.findNone}</li>}
            {found.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2 rounded-lg bg-white px-3 py-2">
                <span className="min-w-0 truncate text-sm">
                  {p.name} <span className="text-xs text-ink-500">{t.sku(p.sku)}</span>
                </span>
                <button
                  type="button"
                  className="btn-secondary h-11 shrink-0 px-3 text-sm"
                  disabled={items.some((x) => x.id === p.id)}
                  aria-label={t.addNamed(p.name)}
                  onClick={() => edit([...items, p])}
                >
                  {t.add}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </SectionFrame>
  );
}
