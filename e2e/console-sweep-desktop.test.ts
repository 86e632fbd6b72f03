import { DESKTOP, describeSweep } from './harness/sweep.ts';

// Every console page in the four languages at the desktop size: no cut or covered text, every visible string in the
// page's language, no serious axe violation (e2e/harness/sweep.ts).
describeSweep(DESKTOP);
