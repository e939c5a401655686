// Whether the island has hydrated: false on the server and while hydrating (so the first
// render matches the server's HTML), true from then on. Islands that show the browser's own
// state (its cart, its wishlist, its coupon) wait for it.
import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
