// A rich-text field of the product editor: its label, the editor (its own chunk, loaded when the
// field is first shown, so the rest of the form never waits for it) and its message. Until the
// editor arrives the text is shown as the shop shows it; if it cannot load, the HTML can still be
// edited as text (the server sanitises either way, docs/decisions/0045-catalog-editing.md).
import { useEffect, useState, type ComponentType } from 'react';
import { inputClass } from '@/client/form-fields';
import { adminProductEditorTexts as t } from '@/domain/messages/admin-catalog';
import type { RichTextEditorProps } from './rich-text-editor';

interface RichTextFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  error: string | undefined;
}

let editorModule: Promise<ComponentType<RichTextEditorProps>> | null = null;
const loadEditor = () => (editorModule ??= import('./rich-text-editor').then((m) => m.default));

export function RichTextField({ id, name, label, value, onChange, onBlur, error }: RichTextFieldProps) {
  const [Editor, setEditor] = useState<ComponentType<RichTextEditorProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const labelId = `${id}-label`;
  const errorId = error ? `${id}-error` : undefined;

  useEffect(() => {
    let live = true;
    loadEditor().then(
      (component) => live && setEditor(() => component),
      () => {
        editorModule = null;
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <div data-field={name}>
      {failed ? (
        <label id={labelId} htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-700">
          {label}
        </label>
      ) : (
        <p id={labelId} className="mb-1.5 block text-sm font-medium text-ink-700">
          {label}
        </p>
      )}
      {Editor ? (
        <Editor id={id} labelId={labelId} value={value} onChange={onChange} onBlur={onBlur} invalid={!!error} describedBy={errorId} />
      ) : failed ? (
        <>
          <p className="mb-1.5 text-xs text-amber-800">{t.editor.failed}</p>
          <textarea
            id={id}
            name={name}
            className={`${inputClass} font-mono`}
            rows={8}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
          />
        </>
      ) : (
        <div className="min-h-52 rounded-md border border-ink-300 bg-white" aria-busy="true" aria-labelledby={labelId}>
          <p className="border-b border-ink-100 px-3 py-2.5 text-xs text-ink-500">{t.editor.loading}</p>
          {/* The text was sanitised when it was saved, as the shop shows it. */}
          <div className="prose-shop px-3 py-2.5 text-sm" dangerouslySetInnerHTML={{ __html: value }} />
        </div>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-600" data-field-error>
          {error}
        </p>
      )}
    </div>
  );
}
