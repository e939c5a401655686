// The audit log's before/after as a list of changed fields (docs/decisions/0035-messages-reviews-audit.md#audit-log).
// Pure, so the page and the API show the same diff.

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Same value, whatever the key order of nested objects. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => sameValue(a[k], b[k]));
  }
  return false;
}

/**
 * The fields whose value differs between before and after, in the order they first appear. A
 * record created (no before) lists every field of after; one deleted, every field of before. A
 * value that is not an object (a bare number, text) is one field named 'value'.
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const b = before === null || before === undefined ? {} : isRecord(before) ? before : { value: before };
  const a = after === null || after === undefined ? {} : isRecord(after) ? after : { value: after };
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.filter((k) => !sameValue(b[k], a[k])).map((field) => ({ field, before: b[field] ?? null, after: a[field] ?? null }));
}

/** A value of the diff as one line of text: text as is, anything else as JSON; absent as ''. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
