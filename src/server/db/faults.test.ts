import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { databaseFaultKind, faultContext, isDatabaseUnavailable } from './faults';

const pgError = (code: string, message = 'server said no') => Object.assign(new Error(message), { code });

describe('database faults by kind', () => {
  it('recognises a database that is down, hung, restarting or gone', () => {
    expect(databaseFaultKind(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe('network');
    expect(databaseFaultKind(new Error('timeout exceeded when trying to connect'))).toBe('timeout');
    expect(databaseFaultKind(new Error('Connection terminated unexpectedly'))).toBe('driver');
    expect(databaseFaultKind(pgError('57014', 'canceling statement due to statement timeout'))).toBe('timeout');
    expect(databaseFaultKind(pgError('57P01', 'terminating connection due to administrator command'))).toBe('shutdown');
    expect(databaseFaultKind(pgError('08006'))).toBe('network');
    expect(databaseFaultKind(pgError('53300'))).toBe('overloaded');
    expect(databaseFaultKind(pgError('42P01', 'relation "products" does not exist'))).toBe('missing');
    expect(databaseFaultKind(new Error('Cannot use a pool after calling end on the pool'))).toBe('driver');
    expect(databaseFaultKind(new Error('PGlite is closed'))).toBe('driver');
  });

  it('looks inside Drizzle query errors and AggregateErrors (a host with two addresses)', () => {
    const wrapped = new DrizzleQueryError('select * from users where email = $1', ['someone@example.com'], pgError('57014'));
    expect(databaseFaultKind(wrapped)).toBe('timeout');
    expect(databaseFaultKind(new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')]))).toBe('network');
  });

  it('leaves other errors to be 500s or 422s', () => {
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key value'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('22P02', 'invalid input syntax'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it('logs the kind and codes only, never the SQL or its parameters', () => {
    const wrapped = new DrizzleQueryError('select * from users where email = $1', ['someone@example.com'], pgError('57014'));
    const context = faultContext(wrapped);
    expect(context).toEqual({ fault: 'timeout', codes: ['57014'] });
    expect(JSON.stringify(context)).not.toContain('someone@example.com');
  });
});
