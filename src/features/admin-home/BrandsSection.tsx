// Top brands (docs/decisions/0050-home-blocks.md): the strip's brands in order, moved with buttons,
// removed, and one more chosen from the brands not in it yet.
import { useId, useState, type SubmitEvent } from 'react';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { toHomeModel, type HomeModel } from '@/client/api/admin-home';
import { inputClass } from '@/client/form-fields';
import { adminHomeTexts as t } from '@/domain/messages/admin-home';
import { moved } from './home-lists';
import { ItemButtons, SectionFrame, idleSection, type SectionState } from './SectionFrame';

type Brand = HomeModel['brands'][number];

export function BrandsSection({ brands, initial, version: initialVersion }: { brands: Brand[]; initial: number[]; version: number }) {
  const id = useId();
  const [ids, setIds] = useState(initial);
  const [version, setVersion] = useState(initialVersion);
  const [state, setState] = useState<SectionState>(idleSection);
  const [choice, setChoice] = useState('');
  const byId = new Map(brands.map((b) => [b.id, b]));
  const others = brands.filter((b) => !ids.includes(b.id));
  const edit = (list: number[]) => {
    setIds(list);
    setState((s) => ({ ...s, status: null, formError: null }));
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setState({ ...idleSection, busy: true });
    const answer = await call(endpoints.adminHome.saveBrands, { body: { version, brand_ids: ids } });
    if (answer.ok && answer.data) {
      const saved = toHomeModel(answer.data);
      setIds(saved.topBrandIds);
      setVersion(saved.versions.brands);
      setState({ ...idleSection, status: answer.message });
      return;
    }
    setState({ ...idleSection, stale: answer.status === 409, formError: answer.fields.brand_ids ?? answer.message ?? t.failed });
  };

  return (
    <SectionFrame section="brands" state={state} onSubmit={(event) => void onSubmit(event)}>
      {ids.length === 0 ? (
        <p className="text-sm text-ink-500">{t.noBrands}</p>
      ) : (
        <ol className="flex flex-col gap-2" data-testid="brands-list">
          {ids.map((brandId, i) => {
            const brand = byId.get(brandId);
            const name = brand?.name ?? String(brandId);
            return (
              <li
                key={brandId}
                className="flex flex-col gap-2 rounded-xl border border-ink-100 p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 items-center gap-3">
                  {brand && <img src={brand.logo} alt="" width="96" height="40" className="h-10 w-24 shrink-0 object-contain" />}
                  <p className="truncate text-sm font-semibold">{name}</p>
                </div>
                <ItemButtons
                  name={name}
                  first={i === 0}
                  last={i === ids.length - 1}
                  onMove={(step) => edit(moved(ids, i, step))}
                  onRemove={() => edit(ids.filter((x) => x !== brandId))}
                />
              </li>
            );
          })}
        </ol>
      )}
      {others.length > 0 && (
        <div className="rounded-xl bg-ink-50 p-3">
          <label htmlFor={`${id}-brand`} className="mb-1.5 block text-sm font-medium text-ink-700">
            {t.addBrand}
          </label>
          <div className="flex gap-2">
            <select id={`${id}-brand`} className={inputClass} value={choice} onChange={(event) => setChoice(event.target.value)}>
              <option value="">{t.chooseBrand}</option>
              {others.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn-secondary h-11 shrink-0"
              disabled={choice === ''}
              onClick={() => {
                edit([...ids, Number(choice)]);
                setChoice('');
              }}
            >
              {t.add}
            </button>
          </div>
        </div>
      )}
    </SectionFrame>
  );
}
