import { createChange } from '@shuttle/shared/web/changes.ts';

/** The player joined or left a session: app/query-links.ts refreshes every list and detail that shows bookings. */
export const bookingsChanged = createChange();
