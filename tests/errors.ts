// Domain errors in service tests.
import { DomainError } from '@/server/errors';

/**
 * The DomainError a promise rejects with. Fails the test when the promise resolves, and rethrows
 * any other error as it is.
 */
export async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError, the call succeeded');
}
