// One-line JSON logs with context; errors keep their stack in the log, never in a response.
// No personal data reaches a log line (docs/decisions/0016-hostile-input.md): known keys (e-mail,
// phone, name, address, password, code, token, authorization, cookie...) are redacted at any
// depth, a query string keeps only its parameter names, and an error keeps its name, code and
// stack frames but never its SQL parameters, its database detail or values quoted in its message.
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
  const level = (process.env.LOG_LEVEL as Level | undefined) ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info');
  return order[level] ?? order.info;
}

export const REDACTED = '[redacted]';
/** Keys whose values are personal or secret, wherever they appear in a context. */
const PERSONAL_KEY =
  /e-?mail|phone|mobile|^(first_?|last_?|full_?|user_?|contact_?|customer_?)?name$|address|password|passwd|otp|^code$|token|secret|authorization|cookie|^(to|from|reply_?to|cc|bcc)$|^body$|^params$|^parameters$|^detail$|^where$/i;
/** Error fields a database driver fills with the failed statement's values. */
const ERROR_FIELDS_KEPT = ['code', 'severity', 'routine', 'table', 'column', 'constraint', 'dataType', 'status'] as const;
const MAX_DEPTH = 6;

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+/g;
/** Phone-like numbers: 7 or more digits in a row, or groups such as 050 123 4567 (not dates). */
const LONG_NUMBER = /\+?\d{7,}|\+?\d{2,4}[\s-]\d{3,4}[\s-]\d{3,4}/g;

/** Free text (an error message, a query) without e-mails, phone-like numbers, SQL parameters or quoted values. */
export function scrubText(text: string): string {
  return text
    .replace(/\n?params: [\s\S]*$/, '')
    .replace(/'(?:[^']|'')*'/g, "'?'")
    .replace(/: "(?:[^"\\]|\\.)*"/g, ': "?"')
    .replace(/\(([^()]*)\)=\(([^()]*)\)/g, '($1)=(?)')
    .replace(EMAIL, '[email]')
    .replace(LONG_NUMBER, '[number]');
}

/** A query string with its values dropped: '?email=a%40b.c&page=2' -> '?email&page'. */
export function scrubQueryString(search: string): string {
  if (!search) return '';
  try {
    const names = [...new URLSearchParams(search).keys()].map((k) => scrubText(k).slice(0, 40));
    return names.length > 0 ? `?${names.join('&')}` : '';
  } catch {
    return '?';
  }
}

/** An error as a log shows it: name, code and driver fields, a scrubbed message, the stack's frames, and its cause. */
export function errorForLog(error: Error, depth = 0): Record<string, unknown> {
  // Drizzle's query error keeps the name 'Error': its class says more.
  const name = error.name === 'Error' && error.constructor.name !== 'Error' ? error.constructor.name : error.name;
  const out: Record<string, unknown> = { name, message: scrubText(error.message).slice(0, 500) };
  const fields = error as unknown as Record<string, unknown>;
  for (const key of ERROR_FIELDS_KEPT) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = typeof value === 'string' ? scrubText(value) : value;
  }
  if (typeof fields.query === 'string') out.query = scrubText(fields.query).slice(0, 500);
  // The stack's first line repeats the message (a failed query's parameters included): frames only.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  if (frames.length > 0) out.stack = frames.slice(0, 12).join('\n');
  if (error.cause instanceof Error && depth < 3) out.cause = errorForLog(error.cause, depth + 1);
  return out;
}

/** A context value with personal keys redacted, errors made safe and query strings reduced, at any depth. */
export function redact(value: unknown, key = '', depth = 0): unknown {
  if (value instanceof Error) return errorForLog(value);
  if (key && PERSONAL_KEY.test(key)) return value === undefined || value === null ? value : REDACTED;
  if (key === 'query' && typeof value === 'string')
    return value.startsWith('?') || value === '' ? scrubQueryString(value) : scrubText(value);
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[deep]';
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => redact(v, '', depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = redact(v, k, depth + 1);
  return out;
}

function write(level: Level, message: string, context: Record<string, unknown> = {}): void {
  if (order[level] < threshold()) return;
  const entry: Record<string, unknown> = { time: new Date().toISOString(), level, message: scrubText(message) };
  for (const [key, value] of Object.entries(context)) entry[key] = redact(value, key);
  const line = JSON.stringify(entry);
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}

export const log = {
  debug: (message: string, context?: Record<string, unknown>) => write('debug', message, context),
  info: (message: string, context?: Record<string, unknown>) => write('info', message, context),
  warn: (message: string, context?: Record<string, unknown>) => write('warn', message, context),
  error: (message: string, context?: Record<string, unknown>) => write('error', message, context),
};
