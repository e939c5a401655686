// Characters no form sends (docs/decisions/0016-hostile-input.md): C0 controls (NUL, escape,
// carriage return...), DEL, C1 controls and lone UTF-16 surrogates. Multi-line text (a review, a
// contact message, delivery remarks) may hold tabs and line breaks; a single-line field may not,
// so it can never forge a line in a mail or a log. No zod here: page scripts may import it.

// Matching control characters is the point of these patterns.
/* eslint-disable no-control-regex */
/** C0 and C1 controls and DEL, except tab, line feed and carriage return. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Every control character, tab and line breaks included (also the Unicode line separators). */
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/* eslint-enable no-control-regex */
/** A high surrogate without its low half, or a low one without its high half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text that is fine in a multi-line field: no controls beyond tab and line breaks, well-formed. */
export function isCleanText(value: string): boolean {
  return !CONTROL.test(value) && !LONE_SURROGATE.test(value);
}

/** Text that is fine in a single-line field: no control characters at all, no line breaks, well-formed. */
export function isSingleLineText(value: string): boolean {
  return !CONTROL_OR_BREAK.test(value) && !LONE_SURROGATE.test(value);
}

/** One line for a mail header or a mail's field line: control characters and breaks become spaces. */
export function oneLine(value: string): string {
  return value.replace(new RegExp(CONTROL_OR_BREAK.source, 'g'), ' ').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\ufffd');
}
