// zod for code that also runs in the browser. Jitless: otherwise zod probes `new Function` once,
// which the Content Security Policy refuses and reports; the interpreted checks give the same answers.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
