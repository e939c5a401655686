// The banner's slides, the hero slider's promotions or the offer tiles (docs/decisions/0050-home-blocks.md):
// each item's title, text, link and picture, shown or hidden, moved up or down, removed; new items
// added at the end. A picture is uploaded at once (the product-photo checks) and saved with the block.
import { useId, useState, type SubmitEvent } from 'react';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { toHomeModel, type HomeSlideModel } from '@/client/api/admin-home';
import { TextField } from '@/client/form-fields';
import { homeSlidesInput, slideProblems, type HomeSlideBlock } from '@/domain/home-blocks';
import { PHOTO_ACCEPT } from '@/domain/product-photos';
import { adminHomeTexts as t } from '@/domain/messages/admin-home';
import { moved, pathErrors } from './home-lists';
import { ItemButtons, SectionFrame, idleSection, type SectionState } from './SectionFrame';

interface Draft extends HomeSlideModel {
  /** React's key: the row id, or a number for a slide not saved yet. */
  key: string;
}

let fresh = 0;
const draftsOf = (slides: HomeSlideModel[]): Draft[] => slides.map((s) => ({ ...s, key: `slide-${s.id ?? `new-${++fresh}`}` }));
const bodyOf = (version: number, items: Draft[]) => ({
  version,
  items: items.map((d) => ({ id: d.id, title: d.title, text: d.text, href: d.href, image: d.image, hidden: d.hidden })),
});

export function SlidesSection({
  block,
  initial,
  version: initialVersion,
}: {
  block: HomeSlideBlock;
  initial: HomeSlideModel[];
  version: number;
}) {
  const id = useId();
  const [items, setItems] = useState(() => draftsOf(initial));
  const [version, setVersion] = useState(initialVersion);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<SectionState>(idleSection);
  const [uploading, setUploading] = useState<string | null>(null);
  const tiles = block === 'tiles';
  const nameOf = (i: number) => (tiles ? t.tile(i + 1) : t.slide(i + 1));

  const change = (key: string, patch: Partial<Draft>) => {
    setItems((list) => list.map((d) => (d.key === key ? { ...d, ...patch } : d)));
    const index = items.findIndex((d) => d.key === key);
    setErrors((e) => {
      const next = { ...e };
      for (const field of Object.keys(patch)) delete next[`items.${index}.${field}`];
      return next;
    });
    setState((s) => ({ ...s, status: null }));
  };
  const reorder = (list: Draft[]) => {
    setItems(list);
    setErrors({});
    setState((s) => ({ ...s, status: null }));
  };

  const upload = async (key: string, file: File | undefined) => {
    if (!file) return;
    const index = items.findIndex((d) => d.key === key);
    setUploading(key);
    const form = new FormData();
    form.append('photo', file);
    const answer = await call(endpoints.adminHome.uploadImage, { form });
    setUploading(null);
    if (answer.ok && answer.data) change(key, { image: answer.data.key, preview: answer.data.preview });
    else setErrors((e) => ({ ...e, [`items.${index}.image`]: answer.fields.photo ?? answer.message ?? t.failed }));
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = bodyOf(version, items);
    const parsed = homeSlidesInput.safeParse(body);
    const problems = { ...(parsed.success ? slideProblems(block, parsed.data.items) : pathErrors(parsed.error)) };
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      setState({ ...idleSection, formError: problems.items ?? t.fixErrors });
      return;
    }
    setState({ ...idleSection, busy: true });
    const answer = await call(endpoints.adminHome.saveSlides, { params: { block }, body });
    if (answer.ok && answer.data) {
      const saved = toHomeModel(answer.data);
      setItems(draftsOf(saved.slides[block]));
      setVersion(saved.versions[block]);
      setErrors({});
      setState({ ...idleSection, status: answer.message });
      return;
    }
    setErrors(answer.fields);
    const fieldsRefused = Object.keys(answer.fields).length > 0;
    setState({
      ...idleSection,
      stale: answer.status === 409,
      formError: fieldsRefused ? (answer.fields.items ?? t.fixErrors) : (answer.message ?? t.failed),
    });
  };

  const field = (i: number, d: Draft, name: 'title' | 'text' | 'href') => ({
    id: `${id}-${d.key}-${name}`,
    name,
    value: d[name],
    error: errors[`items.${i}.${name}`],
    onChange: (event: { target: { value: string } }) => change(d.key, { [name]: event.target.value }),
  });

  return (
    <SectionFrame section={block} state={state} onSubmit={(event) => void onSubmit(event)}>
      <ol className="flex flex-col gap-4">
        {items.map((d, i) => (
          <li key={d.key}>
            <fieldset className="rounded-xl border border-ink-100 p-3 sm:p-4" data-home-slide={i}>
              <legend className="px-1 text-sm font-semibold">{nameOf(i)}</legend>
              <div className="grid gap-4 md:grid-cols-[12rem_1fr]">
                <div className="flex flex-col gap-2">
                  {d.preview ? (
                    <img
                      src={d.preview}
                      alt=""
                      width="192"
                      height={tiles ? 192 : 80}
                      className={`w-full rounded-lg bg-ink-50 object-cover ${tiles ? 'aspect-square' : 'aspect-[12/5]'} ${d.hidden ? 'opacity-50' : ''}`}
                      data-testid="slide-preview"
                    />
                  ) : (
                    <div
                      className={`w-full rounded-lg border border-dashed border-ink-300 bg-ink-50 ${tiles ? 'aspect-square' : 'aspect-[12/5]'}`}
                    />
                  )}
                  <label className="btn-secondary h-11 cursor-pointer justify-center text-sm focus-within:ring-2 focus-within:ring-brand-600">
                    <input
                      type="file"
                      accept={PHOTO_ACCEPT}
                      className="sr-only"
                      aria-describedby={`${id}-${d.key}-image-hint`}
                      onChange={(event) => {
                        const file = event.target.files?.[0];
                        event.target.value = '';
                        void upload(d.key, file);
                      }}
                    />
                    {uploading === d.key ? t.uploading : t.replacePicture}
                  </label>
                  {errors[`items.${i}.image`] ? (
                    <p id={`${id}-${d.key}-image-hint`} className="text-sm text-red-600" data-field-error>
                      {errors[`items.${i}.image`]}
                    </p>
                  ) : (
                    <p id={`${id}-${d.key}-image-hint`} className="text-xs text-ink-500">
                      {t.pictureHint}
                    </p>
                  )}
                </div>
                <div className="flex min-w-0 flex-col gap-3">
                  <TextField label={t.slideTitle} maxLength={80} {...field(i, d, 'title')} />
                  {!tiles && <TextField label={t.slideText} maxLength={200} {...field(i, d, 'text')} />}
                  <TextField
                    label={t.link}
                    dir="ltr"
                    autoComplete="off"
                    spellCheck={false}
                    hint={tiles ? t.tileLinkHint : t.linkHint}
                    {...field(i, d, 'href')}
                  />
                  <div className="flex items-start gap-3">
                    <input
                      id={`${id}-${d.key}-hidden`}
                      type="checkbox"
                      className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
                      checked={d.hidden}
                      onChange={(event) => change(d.key, { hidden: event.target.checked })}
                      aria-describedby={`${id}-${d.key}-hidden-hint`}
                    />
                    <div>
                      <label htmlFor={`${id}-${d.key}-hidden`} className="text-sm font-medium text-ink-900">
                        {t.hidden}
                      </label>
                      <p id={`${id}-${d.key}-hidden-hint`} className="text-xs text-ink-500">
                        {t.hiddenHint}
                      </p>
                    </div>
                  </div>
                  <ItemButtons
                    name={nameOf(i)}
                    first={i === 0}
                    last={i === items.length - 1}
                    onMove={(step) => reorder(moved(items, i, step))}
                    onRemove={() => reorder(items.filter((x) => x.key !== d.key))}
                  />
                </div>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn-secondary h-11 self-start"
        onClick={() =>
          reorder([
            ...items,
            { key: `slide-new-${++fresh}`, id: null, title: '', text: '', href: '', image: '', preview: '', hidden: false },
          ])
        }
      >
        {tiles ? t.addTile : t.addSlide}
      </button>
    </SectionFrame>
  );
}
