// What the browser keeps between the checkout screens (docs/product.md#data, #behaviour): the pending
// order's id under the spec's key py_id, the payment client secret for /checkout (this tab
// only), and the idempotency key of the current checkout attempt, so a double click or a
// repeated submission of the same cart makes one order (docs/decisions/0020-orders-stock-and-payment.md).
const ORDER_KEY = 'py_id';
const SECRET_KEY = 'payment_client_secret';
const ATTEMPT_KEY = 'checkout-attempt';

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    /* storage blocked: the page keeps working for this visit */
  }
}

/** The attempt in memory too: with storage blocked, a double click still sends one key. */
let current: { fingerprint: string; key: string } | null = null;

const local = () => localStorage;
const session = () => sessionStorage;

export function storePendingPayment(orderId: number, clientSecret: string): void {
  write(local, ORDER_KEY, String(orderId));
  write(session, SECRET_KEY, clientSecret);
}

/** After the order is placed and paid (or paid in cash): nothing of the attempt stays behind. */
export function forgetCheckout(): void {
  write(local, ORDER_KEY, null);
  write(session, SECRET_KEY, null);
  write(session, ATTEMPT_KEY, null);
  current = null;
}

/** A version 4 UUID; crypto.randomUUID exists only on secure origins, getRandomValues everywhere. */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The idempotency key of one checkout attempt: the same cart, address, coupon, delivery form
 * and payment type keep the key (a double click, a retry after a declined card resume the same
 * order); any change starts a new attempt with a new key.
 */
export function attemptKey(fingerprint: string): string {
  if (current?.fingerprint === fingerprint) return current.key;
  const saved = read(session, ATTEMPT_KEY);
  if (saved) {
    try {
      const value = JSON.parse(saved) as { fingerprint?: unknown; key?: unknown };
      if (value.fingerprint === fingerprint && typeof value.key === 'string' && value.key.length >= 8) {
        current = { fingerprint, key: value.key };
        return value.key;
      }
    } catch {
      /* unreadable: start a new attempt */
    }
  }
  const key = randomUuid();
  current = { fingerprint, key };
  write(session, ATTEMPT_KEY, JSON.stringify(current));
  return key;
}
