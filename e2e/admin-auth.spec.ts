// The back office's sign-in, sign-out and shell at 1280 px; the journeys are in admin-auth.shared.ts.
import { adminAuthTests } from './admin-auth.shared';

adminAuthTests({ login: 'login-desktop', logout: 'logout-desktop', recoveryIndex: 0, widths: [1280, 820] });
