// Database faults by kind (docs/decisions/0015-database-faults-and-operations.md): an error that
// means "the database cannot serve us right now" (down, refusing, hung, restarting, timed out)
// becomes 503 with Retry-After; any other error stays a 500. The kind is recognised from the
// driver's codes, never from the SQL or its parameters, and only the kind is logged.
import { errorTexts } from '@/domain/messages/errors';
import { DomainError, causeChain } from '@/server/errors';
import { log } from '@/server/log';

/** Seconds a client should wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 30;

/** Network errors of Node's sockets that mean the server cannot be reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ECONNABORTED',
]);

/**
 * PostgreSQL SQLSTATEs that mean unavailable: class 08 (connection exception), 53300 too many
 * connections, 57014 statement timeout or cancel, 57P01-57P05 shutdown, crash, starting up,
 * idle-session timeout, 55P03 lock timeout, 3D000 the database is gone, 42P01 a table is gone
 * (a restore or migration in progress), 25P03 idle-in-transaction timeout.
 */
const SQLSTATES = new Set(['53300', '57014', '57P01', '57P02', '57P03', '57P04', '57P05', '55P03', '3D000', '42P01', '25P03']);

/** node-postgres, pg-pool and PGlite say these in words, without a code. */
const DRIVER_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /query read timeout/i,
  /not queryable/i,
  /cannot use a pool after calling end/i,
  /client was closed and is not queryable/i,
  /connection timeout/i,
  // The process is shutting down and has closed its database (docs/operations.md, Shutdown).
  /^PGlite is clos(ed|ing)$/,
];

export type DatabaseFaultKind = 'network' | 'timeout' | 'shutdown' | 'overloaded' | 'missing' | 'driver';

function kindOfOne(error: unknown): DatabaseFaultKind | null {
  if (!error || typeof error !== 'object') return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return 'network';
    if (code.startsWith('08')) return 'network';
    if (code === '57014' || code === '55P03' || code === '25P03') return 'timeout';
    if (code.startsWith('57P')) return 'shutdown';
    if (code === '53300') return 'overloaded';
    if (SQLSTATES.has(code)) return 'missing';
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) {
    return /timeout/i.test(message) ? 'timeout' : 'driver';
  }
  return null;
}

/**
 * The fault's kind when `error` (or an error it wraps: Drizzle's `cause`, Node's AggregateError
 * for a host with several addresses) says the database is unavailable; null for any other error.
 */
export function databaseFaultKind(error: unknown, depth = 0): DatabaseFaultKind | null {
  if (depth > 5 || !error || typeof error !== 'object') return null;
  const own = kindOfOne(error);
  if (own) return own;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (cause) {
    const kind = databaseFaultKind(cause, depth + 1);
    if (kind) return kind;
  }
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const kind = databaseFaultKind(inner, depth + 1);
      if (kind) return kind;
    }
  }
  return null;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseFaultKind(error) !== null;
}

/**
 * What may be logged of a database fault: its kind and codes, never the message of a query
 * error (Drizzle's carries the SQL and its parameters, which can hold personal data).
 */
export function faultContext(error: unknown): Record<string, unknown> {
  const codes: string[] = [];
  for (const current of causeChain(error, 5)) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
  }
  return { fault: databaseFaultKind(error) ?? 'unknown', codes };
}

/** The API's answer to a database fault: 503 with Retry-After and the catalog's words, no internals. */
export class DatabaseUnavailableError extends DomainError {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;
  constructor() {
    super(errorTexts.unavailable.api, 503);
  }
}

/** Logs the fault once, with where it happened and its kind only, and answers the error to send. */
export function databaseUnavailable(error: unknown, where: Record<string, string>): DatabaseUnavailableError {
  log.warn('answered 503: the database is unavailable', { ...where, ...faultContext(error) });
  return new DatabaseUnavailableError();
}

/** A unique constraint refused the write (PostgreSQL's 23505), however deep the driver wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}
