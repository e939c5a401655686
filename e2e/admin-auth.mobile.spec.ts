// The back office's sign-in, sign-out and shell on a 390 px phone; the journeys are in admin-auth.shared.ts.
import { adminAuthTests } from './admin-auth.shared';

adminAuthTests({ login: 'login-mobile', logout: 'logout-mobile', recoveryIndex: 1, widths: [390] });
