// The product's rich text as staff write it: Tiptap (a maintained ProseMirror editor), limited to
// what the shop's sanitiser keeps (docs/decisions/0045-catalog-editing.md): paragraphs, headings,
// bold, italic, underline, lists, quotes, links and tables. Loaded as its own chunk by
// RichTextField; the server sanitises what it sends on save exactly as the shop does on render.
import { useEffect, useReducer, useRef } from 'react';
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { TableKit } from '@tiptap/extension-table';
import { adminProductEditorTexts as t } from '@/domain/messages/admin-catalog';

export interface RichTextEditorProps {
  id: string;
  labelId: string;
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  invalid: boolean;
  describedBy: string | undefined;
}

const extensions = [
  StarterKit.configure({
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    heading: { levels: [2, 3] },
    link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto', 'tel'], defaultProtocol: 'https' },
  }),
  TableKit.configure({ table: { resizable: false } }),
];

/** The editor's HTML, or '' when it holds nothing (an empty paragraph is not a description). */
export function editorHtml(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

export default function RichTextEditor({ id, labelId, value, onChange, onBlur, invalid, describedBy }: RichTextEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<Editor | null>(null);
  const handlers = useRef({ onChange, onBlur });
  handlers.current = { onChange, onBlur };
  const [, redraw] = useReducer((n: number) => n + 1, 0);

  useEffect(() => {
    const created = new Editor({
      element: host.current,
      extensions,
      content: value,
      editorProps: {
        attributes: {
          id,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          class: 'prose-shop min-h-40 px-3 py-2.5 text-sm focus:outline-none',
        },
      },
      onUpdate: ({ editor: current }) => handlers.current.onChange(editorHtml(current)),
      onTransaction: () => redraw(),
      onBlur: () => handlers.current.onBlur(),
    });
    editor.current = created;
    redraw();
    return () => created.destroy();
    // The editor is made once; later values come from the editor itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const dom = editor.current?.view.dom;
    if (!dom) return;
    if (invalid) dom.setAttribute('aria-invalid', 'true');
    else dom.removeAttribute('aria-invalid');
    if (describedBy) dom.setAttribute('aria-describedby', describedBy);
    else dom.removeAttribute('aria-describedby');
  });

  const ed = editor.current;
  const chain = () => ed!.chain().focus();
  const button = (label: string, text: string, run: () => void, active = false, enabled = true) => (
    <button
      type="button"
      className="min-h-9 min-w-9 rounded px-2 text-sm font-semibold text-ink-700 hover:bg-ink-100 disabled:opacity-40 aria-pressed:bg-ink-900 aria-pressed:text-white"
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={!ed || !enabled}
      // Keep the text selection while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {text}
    </button>
  );
  const inTable = ed?.isActive('table') ?? false;

  function setLink() {
    const previous = (ed!.getAttributes('link').href as string | undefined) ?? '';
    const href = window.prompt(t.editor.linkPrompt, previous);
    if (href === null) return;
    if (href.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  }

  return (
    <div
      className="rounded-md border border-ink-300 bg-white focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/20 data-[invalid=true]:border-red-500"
      data-invalid={invalid}
      data-rich-text-editor
    >
      <div role="toolbar" aria-label={t.editor.toolbar} aria-controls={id} className="flex flex-wrap gap-0.5 border-b border-ink-100 p-1">
        {button(t.editor.bold, 'B', () => chain().toggleBold().run(), ed?.isActive('bold'))}
        {button(t.editor.italic, 'I', () => chain().toggleItalic().run(), ed?.isActive('italic'))}
        {button(t.editor.underline, 'U', () => chain().toggleUnderline().run(), ed?.isActive('underline'))}
        {button(t.editor.heading2, 'H2', () => chain().toggleHeading({ level: 2 }).run(), ed?.isActive('heading', { level: 2 }))}
        {button(t.editor.heading3, 'H3', () => chain().toggleHeading({ level: 3 }).run(), ed?.isActive('heading', { level: 3 }))}
        {button(t.editor.bulletList, '•', () => chain().toggleBulletList().run(), ed?.isActive('bulletList'))}
        {button(t.editor.orderedList, '1.', () => chain().toggleOrderedList().run(), ed?.isActive('orderedList'))}
        {button(t.editor.quote, '“', () => chain().toggleBlockquote().run(), ed?.isActive('blockquote'))}
        {button(t.editor.link, t.editor.linkShort, setLink, ed?.isActive('link'))}
        {button(
          t.editor.table,
          t.editor.tableShort,
          () => chain().insertTable({ rows: 3, cols: 2, withHeaderRow: true }).run(),
          false,
          !inTable,
        )}
        {inTable && (
          <>
            {button(t.editor.addRow, '+R', () => chain().addRowAfter().run())}
            {button(t.editor.addColumn, '+C', () => chain().addColumnAfter().run())}
            {button(t.editor.deleteRow, '−R', () => chain().deleteRow().run())}
            {button(t.editor.deleteColumn, '−C', () => chain().deleteColumn().run())}
            {button(t.editor.deleteTable, '✕', () => chain().deleteTable().run())}
          </>
        )}
        {button(t.editor.undo, '↶', () => chain().undo().run(), false, ed?.can().undo() ?? false)}
        {button(t.editor.redo, '↷', () => chain().redo().run(), false, ed?.can().redo() ?? false)}
      </div>
      <div ref={host} />
    </div>
  );
}
