// Registers the `client:interact` directive (docs/decisions/0042-page-weight.md#hydrated-on-the-first-interaction):
// an island hydrated on the shopper's first interaction, with what they did before it replayed
// (src/client/hydrate-on-interact.ts). Astro inlines the bundled entry once per page that uses it,
// and hashes it for the Content Security Policy with its own directives.
// This file runs in Astro's config process: it imports no application code.
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The directive's name: `client:interact` on a component, `client="interact"` on its island. */
export const INTERACT_DIRECTIVE = 'interact';

export function interactDirective(): AstroIntegration {
  return {
    name: 'safe-buddy:client-interact',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: INTERACT_DIRECTIVE,
          entrypoint: fileURLToPath(new URL('../client/interact-directive.ts', import.meta.url)),
        });
      },
    },
  };
}

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrate on the first pointerover, pointerdown, touchstart, focusin or keydown anywhere in the
     * page; `"load"`: at once. Either way, what is typed or clicked before hydration is kept.
     */
    'client:interact'?: boolean | 'load';
  }
}
