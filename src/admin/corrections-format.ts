// How the Corrections area writes times and line names.
import { format } from 'date-fns';

/** "24 Nov 2026, 18:40" in the staff member's time zone. */
export const shortTime = (iso: string) => format(new Date(iso), 'd MMM yyyy, HH:mm');

/** "L12" -> "line 12". */
export const lineLabel = (lineId: string) => `line ${lineId.replace(/^L/, '')}`;
