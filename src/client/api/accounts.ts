// Accounts at the API client's border: the wire's account (snake_case) becomes the browser's
// camelCase model here, and nowhere else (docs/architecture.md#the-api-contract).
import type { AnswerOf } from '@/domain/api/endpoint';
import type { Contract } from '@/domain/api/index';
import type { ApiAnswer } from '@/client/api-client';

type UserWire = AnswerOf<Contract['accounts']['profile']>;
type SignedInWire = AnswerOf<Contract['accounts']['login']>;

/** The signed-in customer's account, as the profile page keeps it. */
export interface AccountUser {
  id: number;
  name: string;
  email: string;
  profilePicture: string | null;
}

export function toAccountUser(wire: UserWire): AccountUser {
  return { id: wire.id, name: wire.name, email: wire.email, profilePicture: wire.profile_picture };
}

/** The new session's customer id from a sign-in or sign-up answer; null when it was refused. */
export function signedInUserId(answer: ApiAnswer<SignedInWire>): number | null {
  const id = answer.ok ? answer.data?.id : undefined;
  return id !== undefined && Number.isInteger(id) && id > 0 ? id : null;
}
