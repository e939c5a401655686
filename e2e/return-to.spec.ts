// Sign-in returns the shopper where they were going, the contact prefill and the forgot-password
// e-mail at 1280 px; the journeys are in return-to.shared.ts.
import { returnToTests } from './return-to.shared';

returnToTests({ hostile: ['//evil.com', '/\\evil.com'] });
