// A picture of a category or brand (docs/decisions/0049-categories-brands-seo.md): one of the shop's
// drawn SVGs, picked as a radio, or an upload (PNG, JPEG or WebP) that the server checks by its bytes
// and re-encodes; the field's value is the address the server answered. SVG uploads are refused.
import { useId, useState } from 'react';
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { Spinner } from '@/client/form-fields';
import { PHOTO_ACCEPT } from '@/domain/product-photos';
import { adminTaxonomyTexts as t } from '@/domain/messages/admin-taxonomy';

interface Props {
  name: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  drawn: readonly string[];
  /** Which address of an upload to keep: the small one for icons and logos, the large one for banners. */
  size: 'small' | 'large';
  /** Offer "None" (an empty value). */
  optional?: boolean;
  error?: string | undefined;
  /** How the pictures are drawn: square icons or wide logos and banners. */
  shape: 'square' | 'wide';
}

export default function PictureField({ name, label, hint, value, onChange, drawn, size, optional, error, shape }: Props) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const uploaded = value !== '' && !drawn.includes(value);
  const choices = [...(optional ? [''] : []), ...(uploaded ? [value] : []), ...drawn];
  const box = shape === 'square' ? 'h-14 w-14' : 'h-12 w-28';

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    const form = new FormData();
    form.append('photo', file);
    const answer = await call(endpoints.adminTaxonomy.uploadPicture, { form });
    setUploading(false);
    if (answer.ok && answer.data) onChange(answer.data[size]);
    else setUploadError(answer.fields.photo ?? answer.message ?? t.picture.failed);
  };

  const problem = uploadError ?? error;
  return (
    <fieldset aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`} data-picture-field={name}>
      <legend className="mb-1.5 block text-sm font-medium text-ink-700">{label}</legend>
      <p id={`${id}-hint`} className="mb-2 text-xs text-ink-500">
        {hint}
      </p>
      <div className="flex max-h-64 flex-wrap gap-2 overflow-y-auto rounded-md border border-ink-100 bg-ink-50 p-2">
        {choices.map((url, i) => (
          <label
            key={url || 'none'}
            className="flex cursor-pointer items-center justify-center rounded-md border-2 border-transparent bg-white p-1 has-[:checked]:border-brand-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={url}
              checked={value === url}
              onChange={() => onChange(url)}
              className="sr-only"
              aria-invalid={problem ? true : undefined}
            />
            {url === '' ? (
              <span className={`${box} flex items-center justify-center text-xs text-ink-700`}>{t.categories.noImage}</span>
            ) : (
              <img
                src={url}
                alt={url === value && uploaded ? t.picture.current : `${label} ${i + 1}`}
                className={`${box} object-contain`}
              />
            )}
          </label>
        ))}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <label className="btn-secondary h-11 cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600">
          <input
            type="file"
            accept={PHOTO_ACCEPT}
            className="sr-only"
            disabled={uploading}
            aria-describedby={`${id}-upload-hint`}
            onChange={(event) => {
              void upload(event.target.files?.[0]);
              event.target.value = '';
            }}
            data-testid={`${name}-upload`}
          />
          {uploading ? <Spinner /> : null}
          {uploading ? t.picture.uploading : t.picture.upload}
        </label>
        <span id={`${id}-upload-hint`} className="text-xs text-ink-500">
          {t.picture.uploadHint}
        </span>
      </div>
      {problem && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-600" data-field-error>
          {problem}
        </p>
      )}
    </fieldset>
  );
}
