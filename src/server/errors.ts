// Domain errors: services throw them, the API turns each into its HTTP answer.
export type FieldErrors = Record<string, string[]>;

export class DomainError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, fields?: FieldErrors) {
    super(message, 422, fields);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super(message, 404);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(message, 409);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'Forbidden') {
    super(message, 403);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Please sign in to continue') {
    super(message, 401);
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, 429);
  }
}

export class PayloadTooLargeError extends DomainError {
  constructor(message: string) {
    super(message, 413);
  }
}

/**
 * SQLSTATEs that mean "the input was wrong", not "the server failed" (docs/decisions/0016-hostile-input.md):
 * class 22 (data exception: invalid text for a type, numbers out of range, NUL and bytes outside
 * UTF-8, strings too long, bad dates) and the constraint violations that only input can cause
 * (a required column left empty, a reference to a row that does not exist, a check that fails).
 * The schemas refuse all of these first; this is the router's last line of defence.
 */
const INPUT_CONSTRAINT_STATES = new Set(['23502', '23503', '23514']);

export interface DatabaseInputError {
  /** The SQLSTATE. */
  code: string;
  /** The column the database names, when it names one (a not-null violation does). */
  column?: string;
}

/** An error and the errors it wraps through `cause` (Drizzle wraps the driver's), outermost first. */
export function* causeChain(error: unknown, maxDepth: number): Generator<object> {
  let current: unknown = error;
  for (let depth = 0; depth < maxDepth && current !== null && typeof current === 'object'; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** The database's invalid-input error in an error or its causes, or null. */
export function databaseInputError(error: unknown): DatabaseInputError | null {
  for (const current of causeChain(error, 4)) {
    if (!(current instanceof Error)) return null;
    const { code, column } = current as Error & { code?: unknown; column?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      if (!code.startsWith('22') && !INPUT_CONSTRAINT_STATES.has(code)) return null;
      return typeof column === 'string' && column !== '' ? { code, column } : { code };
    }
  }
  return null;
}
