// The product editor (docs/decisions/0045-catalog-editing.md): every field the shop shows, checked
// with the server's own schema before sending and by the server again; a save carries the version
// the page showed (409: someone changed it since, reload). After a save the page is rendered again
// from the database with what was stored (rich text as sanitised).
import { useId, useState } from 'react';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { FormProblem, inputClass, Spinner, TextField } from '@/client/form-fields';
import { useZodForm } from '@/client/use-zod-form';
import { newProductInput, productInput } from '@/domain/catalog-admin';
import { PRODUCT_TYPES } from '@/domain/constants';
import { adminCatalogTexts as listTexts, adminProductEditorTexts as t } from '@/domain/messages/admin-catalog';
import { aedToFils, formatPrice } from '@/domain/money';
import { shelfPrice } from '@/domain/pricing';
import { RichTextField } from './RichTextField';
import {
  emptyProductForm,
  PRODUCT_FORM_ORDER,
  productBody,
  productFormValues,
  type EditedProduct,
  type ProductFormValues,
} from './product-form';

export interface ProductEditorProps {
  /** null: a new product. */
  product: EditedProduct | null;
  categories: { id: number; name: string }[];
  brands: { id: number; name: string }[];
}

const AED_TYPED = /^\d{1,9}(\.\d{1,2})?$/;
const box = 'min-w-0 rounded-2xl border border-ink-100 bg-white p-4 sm:p-5';
const legend = 'float-left mb-4 w-full text-base font-bold text-ink-900';

/** What shoppers will pay, while the price and discount typed are valid. */
function shelfPreview(values: ProductFormValues): string | null {
  const discount = Number(values.discount);
  if (!AED_TYPED.test(values.price.trim()) || !Number.isInteger(discount) || discount < 0 || discount > 99) return null;
  return formatPrice(shelfPrice(aedToFils(Number(values.price.trim())), discount));
}

export default function ProductEditor({ product, categories, brands }: ProductEditorProps) {
  const id = useId();
  const [stale, setStale] = useState(false);
  const isNew = product === null;
  const form = useZodForm({
    schema: isNew ? newProductInput : productInput,
    initial: () => (product ? productFormValues(product) : emptyProductForm()),
    input: (values: ProductFormValues) => productBody(values, isNew),
    focusOrder: PRODUCT_FORM_ORDER.filter((field) => field !== 'color' && field !== 'category_ids') as (keyof ProductFormValues & string)[],
  });
  const { values, errors, busy, formError, attach } = form;
  const fieldId = (name: string) => `${id}-${name}`;
  const text = (name: Parameters<typeof form.text>[0]) => {
    const { error, ...input } = form.text(name);
    return { id: fieldId(name), error, onBlur: () => form.validate(name), ...input };
  };
  const preview = shelfPreview(values);

  const onSubmit = form.submit(async ({ values: typed }) => {
    const body = productBody(typed, isNew);
    const answer = product
      ? await call(endpoints.adminCatalog.update, { params: { id: product.id }, body: { ...body, version: product.version } as never })
      : await call(endpoints.adminCatalog.create, { body: body as never });
    if (answer.ok && answer.data) {
      form.keepBusy();
      location.assign(`/admin/products/${answer.data.id}?done=${isNew ? 'created' : 'saved'}`);
      return;
    }
    setStale(answer.status === 409);
    const shown = form.showServerErrors(answer, [...PRODUCT_FORM_ORDER]);
    form.setFormError(shown ? t.fixErrors : (answer.message ?? t.failed));
  });

  const colorError = errors.color;
  const categoriesError = errors.category_ids;

  return (
    <form ref={attach} onSubmit={onSubmit} noValidate className="flex flex-col gap-5" data-testid="product-editor">
      <FormProblem message={formError} stale={stale} reloadLabel={t.reload} />

      <fieldset className={box}>
        <legend className={legend}>{t.sectionBasics}</legend>
        <div className="clear-both grid gap-4 md:grid-cols-2">
          <div className="md:col-span-2">
            <TextField label={t.name} maxLength={200} {...text('name')} />
          </div>
          <TextField label={t.sku} maxLength={64} dir="ltr" autoComplete="off" spellCheck={false} hint={t.skuHint} {...text('sku')} />
          <TextField label={t.weight} inputMode="decimal" {...text('weight_kg')} />
        </div>
      </fieldset>

      <fieldset className={box}>
        <legend className={legend}>{t.sectionPrice}</legend>
        <div className="clear-both grid gap-4 md:grid-cols-2">
          <TextField label={t.price} inputMode="decimal" {...text('price')} />
          <TextField
            label={t.discount}
            inputMode="numeric"
            hint={preview ? <span data-testid="shelf-preview">{t.shelfPrice(preview)}</span> : undefined}
            {...text('discount')}
          />
          {isNew && <TextField label={t.quantity} inputMode="numeric" hint={t.quantityHint} {...text('quantity')} />}
          <div className="flex items-start gap-3 md:col-span-2">
            <input
              id={fieldId('published')}
              type="checkbox"
              className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
              checked={values.published}
              onChange={(event) => form.set('published', event.target.checked)}
              aria-describedby={fieldId('published-hint')}
            />
            <div>
              <label htmlFor={fieldId('published')} className="text-sm font-medium text-ink-900">
                {t.published}
              </label>
              <p id={fieldId('published-hint')} className="text-xs text-ink-500">
                {t.publishedHint}
              </p>
            </div>
          </div>
        </div>
      </fieldset>

      <fieldset className={box}>
        <legend className={legend}>{t.sectionPlace}</legend>
        <div className="clear-both grid gap-4 md:grid-cols-2">
          <div>
            <label htmlFor={fieldId('product_type')} className="mb-1.5 block text-sm font-medium text-ink-700">
              {t.range}
            </label>
            <select
              id={fieldId('product_type')}
              name="product_type"
              className={inputClass}
              value={values.product_type}
              onChange={(event) => form.set('product_type', event.target.value as ProductFormValues['product_type'])}
            >
              {PRODUCT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {listTexts.rangeLabels[type]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={fieldId('brand_id')} className="mb-1.5 block text-sm font-medium text-ink-700">
              {t.brand}
            </label>
            <select
              id={fieldId('brand_id')}
              name="brand_id"
              className={inputClass}
              value={values.brand_id}
              onChange={(event) => form.set('brand_id', event.target.value)}
              aria-invalid={errors.brand_id ? true : undefined}
              aria-describedby={errors.brand_id ? fieldId('brand_id-error') : undefined}
            >
              <option value="">{t.noBrand}</option>
              {brands.map((brand) => (
                <option key={brand.id} value={String(brand.id)}>
                  {brand.name}
                </option>
              ))}
            </select>
            {errors.brand_id && (
              <p id={fieldId('brand_id-error')} className="mt-1.5 text-sm text-red-600" data-field-error>
                {errors.brand_id}
              </p>
            )}
          </div>
          <fieldset
            className="md:col-span-2"
            aria-invalid={categoriesError ? true : undefined}
            aria-describedby={categoriesError ? fieldId('categories-error') : undefined}
            data-field="category_ids"
          >
            <legend className="mb-1.5 text-sm font-medium text-ink-700">{t.categories}</legend>
            <div className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
              {categories.map((category) => {
                const checked = values.category_ids.includes(category.id);
                return (
                  <label key={category.id} className="text-ink-800 flex min-h-9 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="category_ids"
                      value={category.id}
                      className="h-4 w-4 shrink-0 accent-brand-700"
                      checked={checked}
                      onChange={() =>
                        form.set(
                          'category_ids',
                          checked ? values.category_ids.filter((c) => c !== category.id) : [...values.category_ids, category.id],
                        )
                      }
                    />
                    {category.name}
                  </label>
                );
              })}
            </div>
            {categoriesError && (
              <p id={fieldId('categories-error')} className="mt-1.5 text-sm text-red-600" data-field-error>
                {categoriesError}
              </p>
            )}
          </fieldset>
        </div>
      </fieldset>

      <fieldset className={box}>
        <legend className={legend}>{t.sectionText}</legend>
        <div className="clear-both flex min-w-0 flex-col gap-4">
          <RichTextField
            id={fieldId('description')}
            name="description"
            label={t.description}
            value={values.description}
            onChange={(html) => form.set('description', html)}
            onBlur={() => form.validate('description')}
            error={errors.description}
          />
          <RichTextField
            id={fieldId('specifications')}
            name="specifications"
            label={t.specifications}
            value={values.specifications}
            onChange={(html) => form.set('specifications', html)}
            onBlur={() => form.validate('specifications')}
            error={errors.specifications}
          />
          <TextField label={t.videoLink} type="url" dir="ltr" hint={t.videoLinkHint} {...text('video_link')} />
        </div>
      </fieldset>

      <fieldset className={box} data-field="color">
        <legend className={legend}>{t.sectionColor}</legend>
        <div className="clear-both grid gap-4 md:grid-cols-3">
          <p className="text-xs text-ink-500 md:col-span-3">{t.sectionColorHint}</p>
          <TextField label={t.colorGroup} maxLength={64} {...text('color_group')} />
          <TextField label={t.colorName} maxLength={40} {...text('color_name')} />
          <TextField
            label={t.colorHex}
            maxLength={7}
            dir="ltr"
            placeholder="#23262b"
            spellCheck={false}
            trailing={
              <span
                aria-hidden="true"
                className="h-11 w-11 shrink-0 rounded-md border border-ink-300"
                style={{ background: /^#[0-9a-fA-F]{6}$/.test(values.color_hex.trim()) ? values.color_hex.trim() : 'transparent' }}
              />
            }
            {...text('color_hex')}
          />
          {colorError && (
            <p className="text-sm text-red-600 md:col-span-3" role="alert" data-field-error>
              {colorError}
            </p>
          )}
        </div>
      </fieldset>

      <fieldset className={box}>
        <legend className={legend}>{t.sectionSeo}</legend>
        <div className="clear-both grid gap-4">
          <TextField label={t.metaTitle} maxLength={200} {...text('meta_title')} />
          <div>
            <label htmlFor={fieldId('meta_description')} className="mb-1.5 block text-sm font-medium text-ink-700">
              {t.metaDescription}
            </label>
            <textarea
              id={fieldId('meta_description')}
              name="meta_description"
              className={inputClass}
              rows={3}
              maxLength={500}
              value={values.meta_description}
              onChange={(event) => form.set('meta_description', event.target.value.replace(/\s*\n\s*/g, ' '))}
              onBlur={() => form.validate('meta_description')}
            />
          </div>
          <TextField label={t.metaKeywords} maxLength={500} {...text('meta_keywords')} />
        </div>
      </fieldset>

      <div className="sticky bottom-0 z-10 -mx-4 flex items-center gap-3 border-t border-ink-100 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border">
        <button type="submit" className="btn-primary h-11 min-w-32" disabled={busy} data-testid="product-save">
          {busy && <Spinner />}
          {busy ? t.saving : isNew ? t.create : t.save}
        </button>
      </div>
    </form>
  );
}
