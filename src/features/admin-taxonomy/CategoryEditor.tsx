// The category form (docs/decisions/0049-categories-brands-seo.md): checked with the server's own
// schema before sending and by the server again; an edit carries the version the page showed (409:
// someone changed it since, reload). Delete is offered for a category no product is in; the server
// refuses it otherwise with how many products are. After a save the page is read again.
import { useId } from 'react';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { CheckboxField, FormProblem, Spinner, TextField } from '@/client/form-fields';
import { useZodForm } from '@/client/use-zod-form';
import { DRAWN_CATEGORY_BANNERS, DRAWN_CATEGORY_ICONS, TAXONOMY_NAME_MAX, categoryInput } from '@/domain/taxonomy-admin';
import { adminTaxonomyTexts as t } from '@/domain/messages/admin-taxonomy';
import PictureField from './PictureField';
import { useTaxonomyActions } from './use-taxonomy-actions';

/** A category as its page gives it to the form (the admin API's fields). */
export interface EditedCategory {
  id: number;
  version: number;
  name: string;
  icon: string;
  image: string | null;
  coming_soon: boolean;
  sort_order: number;
  product_count: number;
}

interface CategoryFormValues {
  name: string;
  icon: string;
  image: string;
  coming_soon: boolean;
  sort_order: string;
}

const FIELDS = ['name', 'icon', 'image', 'sort_order'] as const;

export default function CategoryEditor({ category, nextOrder }: { category: EditedCategory | null; nextOrder: number }) {
  const id = useId();
  const form = useZodForm({
    schema: categoryInput,
    initial: (): CategoryFormValues => ({
      name: category?.name ?? '',
      icon: category?.icon ?? '',
      image: category?.image ?? '',
      coming_soon: category?.coming_soon ?? false,
      sort_order: String(category?.sort_order ?? nextOrder),
    }),
    focusOrder: [...FIELDS],
  });
  const { values, errors, busy, formError, attach } = form;
  const field = (name: 'name' | 'sort_order') => {
    const { error, ...input } = form.text(name);
    return { id: `${id}-${name}`, error, onBlur: () => form.validate(name), ...input };
  };

  const { onSubmit, remove, stale, deleting } = useTaxonomyActions(form, category !== null, {
    list: '/admin/categories',
    fields: FIELDS,
    save: (typed) =>
      category
        ? call(endpoints.adminTaxonomy.updateCategory, { params: { id: category.id }, body: { ...typed, version: category.version } })
        : call(endpoints.adminTaxonomy.createCategory, { body: typed }),
    ...(category && {
      remove: {
        confirm: t.categories.confirmDelete(category.name),
        run: () => call(endpoints.adminTaxonomy.deleteCategory, { params: { id: category.id } }),
      },
    }),
  });

  return (
    <form
      ref={attach}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5 rounded-2xl border border-ink-100 bg-white p-4 sm:p-5"
      data-testid="category-editor"
    >
      <FormProblem message={formError} stale={stale} reloadLabel={t.reload} />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label={t.categories.name} maxLength={TAXONOMY_NAME_MAX} autoComplete="off" {...field('name')} />
        <TextField label={t.categories.order} inputMode="numeric" hint={t.categories.orderHint} {...field('sort_order')} />
      </div>
      <PictureField
        name="icon"
        label={t.categories.icon}
        hint={t.categories.iconHint}
        value={values.icon}
        onChange={(url) => form.set('icon', url)}
        drawn={DRAWN_CATEGORY_ICONS}
        size="small"
        shape="square"
        error={errors.icon}
      />
      <PictureField
        name="image"
        label={t.categories.image}
        hint={t.categories.imageHint}
        value={values.image}
        onChange={(url) => form.set('image', url)}
        drawn={DRAWN_CATEGORY_BANNERS}
        size="large"
        shape="wide"
        optional
        error={errors.image}
      />
      <CheckboxField
        id={`${id}-coming`}
        label={t.categories.comingSoonLabel}
        hint={t.categories.comingSoonHint}
        checked={values.coming_soon}
        onChange={(checked) => form.set('coming_soon', checked)}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button type="submit" className="btn-primary h-11" disabled={busy || deleting} data-testid="category-save">
          {busy && <Spinner />}
          {busy ? t.saving : category ? t.save : t.categories.create}
        </button>
        {category && (
          <button
            type="button"
            className="h-11 rounded-md border border-red-300 px-4 text-sm font-semibold text-red-700 hover:bg-red-50"
            disabled={busy || deleting}
            onClick={() => void remove()}
            data-testid="category-delete"
          >
            {deleting ? t.deleting : t.categories.deleteCategory}
          </button>
        )}
      </div>
    </form>
  );
}
