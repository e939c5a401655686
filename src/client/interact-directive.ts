// The entry of `client:interact` that Astro bundles into the page's inline script
// (src/integrations/interact-directive.ts; the logic and its reasons: ./hydrate-on-interact.ts).
import { createInteractHydration } from './hydrate-on-interact';

export default createInteractHydration(document);
