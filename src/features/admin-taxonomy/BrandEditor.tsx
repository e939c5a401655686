// The brand form (docs/decisions/0049-categories-brands-seo.md): the name (unique whatever its
// case) and the logo, checked with the server's own schema; an edit carries the version the page
// showed (409: reload). Delete is refused by the server while products have the brand.
import { useId } from 'react';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { FormProblem, Spinner, TextField } from '@/client/form-fields';
import { useZodForm } from '@/client/use-zod-form';
import { DRAWN_BRAND_LOGOS, TAXONOMY_NAME_MAX, brandInput } from '@/domain/taxonomy-admin';
import { adminTaxonomyTexts as t } from '@/domain/messages/admin-taxonomy';
import PictureField from './PictureField';
import { useTaxonomyActions } from './use-taxonomy-actions';

/** A brand as its page gives it to the form (the admin API's fields). */
export interface EditedBrand {
  id: number;
  version: number;
  name: string;
  logo: string;
}

const FIELDS = ['name', 'logo'] as const;

export default function BrandEditor({ brand }: { brand: EditedBrand | null }) {
  const id = useId();
  const form = useZodForm({
    schema: brandInput,
    initial: () => ({ name: brand?.name ?? '', logo: brand?.logo ?? '' }),
    focusOrder: [...FIELDS],
  });
  const { values, errors, busy, formError, attach } = form;
  const { error: nameError, ...nameInput } = form.text('name');

  const { onSubmit, remove, stale, deleting } = useTaxonomyActions(form, brand !== null, {
    list: '/admin/brands',
    fields: FIELDS,
    save: (typed) =>
      brand
        ? call(endpoints.adminTaxonomy.updateBrand, { params: { id: brand.id }, body: { ...typed, version: brand.version } })
        : call(endpoints.adminTaxonomy.createBrand, { body: typed }),
    ...(brand && {
      remove: {
        confirm: t.brands.confirmDelete(brand.name),
        run: () => call(endpoints.adminTaxonomy.deleteBrand, { params: { id: brand.id } }),
      },
    }),
  });

  return (
    <form
      ref={attach}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5 rounded-2xl border border-ink-100 bg-white p-4 sm:p-5"
      data-testid="brand-editor"
    >
      <FormProblem message={formError} stale={stale} reloadLabel={t.reload} />
      <TextField
        id={`${id}-name`}
        label={t.brands.name}
        maxLength={TAXONOMY_NAME_MAX}
        autoComplete="off"
        error={nameError}
        onBlur={() => form.validate('name')}
        {...nameInput}
      />
      <PictureField
        name="logo"
        label={t.brands.logo}
        hint={t.brands.logoHint}
        value={values.logo}
        onChange={(url) => form.set('logo', url)}
        drawn={DRAWN_BRAND_LOGOS}
        size="small"
        shape="wide"
        error={errors.logo}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button type="submit" className="btn-primary h-11" disabled={busy || deleting} data-testid="brand-save">
          {busy && <Spinner />}
          {busy ? t.saving : brand ? t.save : t.brands.create}
        </button>
        {brand && (
          <button
            type="button"
            className="h-11 rounded-md border border-red-300 px-4 text-sm font-semibold text-red-700 hover:bg-red-50"
            disabled={busy || deleting}
            onClick={() => void remove()}
            data-testid="brand-delete"
          >
            {deleting ? t.deleting : t.brands.deleteBrand}
          </button>
        )}
      </div>
    </form>
  );
}
