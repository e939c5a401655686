// What the shopper does to the cart, for guests and signed-in shoppers alike (docs/product.md#behaviour):
// the local store changes at once; with a user id the change then goes to the server
// (cart.sync.ts, loaded only then), which may refuse it and roll it back.
// No zod here: the product page loads this for guests too.
import { storedUserId } from '@/client/session';
import { $cart, addToCart, removeFromCart, setCartQuantity, stepQuantity, type AddResult, type CartLine } from '@/client/cart.store';

export type ActionResult = { ok: true; message: string | null } | { ok: false; message: string };

const signedIn = (): boolean => storedUserId() !== null;
const done: ActionResult = { ok: true, message: null };

/** Adds once; answers 'already-in-cart' without a server call, else the server's verdict when signed in. */
export async function addProductToCart(item: CartLine): Promise<{ added: AddResult; result: ActionResult }> {
  const added = addToCart(item);
  if (added !== 'added' || !signedIn()) return { added, result: done };
  const { syncAdd } = await import('./cart.sync');
  return { added, result: await syncAdd(item) };
}

export type QuantityResult =
  { changed: true; result: Promise<ActionResult> } | { changed: false; refused: 'stock' | 'minimum' | 'missing' };

/** One step of a line's stepper: stops at the stock (and at `max`) and at 1 (docs/product.md#validation). */
export function stepCartQuantity(productId: number, delta: 1 | -1, max?: number): QuantityResult {
  const line = $cart.get().find((i) => i.productId === productId);
  if (!line) return { changed: false, refused: 'missing' };
  const step = stepQuantity(line.quantity, delta, line.stock, max);
  if (step.refused) return { changed: false, refused: step.refused };
  const previous = setCartQuantity(productId, step.quantity);
  if (previous === null) return { changed: false, refused: 'missing' };
  if (!signedIn()) return { changed: true, result: Promise.resolve(done) };
  return { changed: true, result: import('./cart.sync').then(({ syncQuantity }) => syncQuantity(productId, step.quantity, previous)) };
}

/** Removes a line; signed in, the server's message (or a rollback and 'Failed to remove'). */
export async function removeProductFromCart(productId: number): Promise<ActionResult | null> {
  const removed = removeFromCart(productId);
  if (!removed) return null;
  if (!signedIn()) return done;
  const { syncRemove } = await import('./cart.sync');
  return syncRemove(removed.item, removed.index);
}
