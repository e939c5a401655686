// Sign-in returns the shopper where they were going, the contact prefill and the forgot-password
// e-mail on a 390 px phone; the journeys are in return-to.shared.ts.
import { returnToTests } from './return-to.shared';

returnToTests({ hostile: ['https://evil.com', '/%2F%2Fevil.com'] });
