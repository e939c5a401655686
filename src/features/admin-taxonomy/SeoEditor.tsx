// One page's SEO texts (docs/decisions/0049-categories-brands-seo.md): title, description and
// keywords with their lengths as typed against what search results show (about 60 and 160
// characters); saved against the version the page showed (409: reload).
import { useId, useState } from 'react';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { FormProblem, inputClass, Spinner, TextField } from '@/client/form-fields';
import { useZodForm } from '@/client/use-zod-form';
import {
  SEO_DESCRIPTION_MAX,
  SEO_DESCRIPTION_SHOWN,
  SEO_TITLE_MAX,
  SEO_TITLE_SHOWN,
  seoInput,
  type SeoPageKey,
} from '@/domain/taxonomy-admin';
import { adminTaxonomyTexts as t } from '@/domain/messages/admin-taxonomy';

export interface EditedSeo {
  page_key: SeoPageKey;
  version: number;
  title: string;
  description: string;
  keywords: string;
}

const FIELDS = ['title', 'description', 'keywords'] as const;

export default function SeoEditor({ seo }: { seo: EditedSeo }) {
  const id = useId();
  const [version, setVersion] = useState(seo.version);
  const [stale, setStale] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useZodForm({
    schema: seoInput,
    initial: () => ({ title: seo.title, description: seo.description, keywords: seo.keywords }),
    focusOrder: [...FIELDS],
  });
  const { values, busy, formError, attach } = form;
  const { error: titleError, ...titleInput } = form.text('title');
  const { error: keywordsError, ...keywordsInput } = form.text('keywords');
  const { error: descriptionError, ...descriptionInput } = form.text('description');
  const over = (n: number, shown: number) => (n > shown ? 'text-amber-700' : 'text-ink-500');

  const onSubmit = form.submit(async ({ values: typed }) => {
    setSaved(null);
    const answer = await call(endpoints.adminTaxonomy.updateSeo, { params: { page: seo.page_key }, body: { ...typed, version } });
    if (answer.ok && answer.data) {
      setVersion(answer.data.version);
      setStale(false);
      form.setFormError(null);
      setSaved(answer.message);
      return;
    }
    setStale(answer.status === 409);
    form.setFormError(form.showServerErrors(answer, [...FIELDS]) ? t.fixErrors : (answer.message ?? t.failed));
  });

  return (
    <form
      ref={attach}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4 rounded-2xl border border-ink-100 bg-white p-4 sm:p-5"
      data-seo-editor={seo.page_key}
    >
      <h2 id={`${id}-heading`} className="text-base font-semibold">
        {t.seo.pages[seo.page_key]}
      </h2>
      <FormProblem message={formError} stale={stale} reloadLabel={t.reload} />
      <TextField
        id={`${id}-title`}
        label={t.seo.pageTitle}
        maxLength={SEO_TITLE_MAX}
        error={titleError}
        hint={<span className={over(values.title.length, SEO_TITLE_SHOWN)}>{t.seo.titleHint(values.title.length)}</span>}
        onBlur={() => form.validate('title')}
        {...titleInput}
      />
      <div>
        <label htmlFor={`${id}-description`} className="mb-1.5 block text-sm font-medium text-ink-700">
          {t.seo.description}
        </label>
        <textarea
          id={`${id}-description`}
          rows={3}
          maxLength={SEO_DESCRIPTION_MAX}
          className={inputClass}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={`${id}-description-${descriptionError ? 'error' : 'hint'}`}
          onBlur={() => form.validate('description')}
          {...descriptionInput}
        />
        {descriptionError ? (
          <p id={`${id}-description-error`} className="mt-1.5 text-sm text-red-600" data-field-error>
            {descriptionError}
          </p>
        ) : (
          <p id={`${id}-description-hint`} className={`mt-1.5 text-xs ${over(values.description.length, SEO_DESCRIPTION_SHOWN)}`}>
            {t.seo.descriptionHint(values.description.length)}
          </p>
        )}
      </div>
      <TextField
        id={`${id}-keywords`}
        label={t.seo.keywords}
        hint={t.seo.keywordsHint}
        error={keywordsError}
        onBlur={() => form.validate('keywords')}
        {...keywordsInput}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary h-11" disabled={busy}>
          {busy && <Spinner />}
          {busy ? t.saving : t.seo.save}
        </button>
        <p role="status" className="text-sm text-emerald-800" data-testid="seo-saved">
          {saved}
        </p>
      </div>
    </form>
  );
}
