import { createChange } from '@shuttle/shared/web/changes.ts';

// Changes one feature makes to what others show; app/query-links.ts refreshes the other features' cache.

/** A session was published, changed, deleted, or had players checked in or taken out (its id; null for many). */
export const sessionsChanged = createChange<string | null>();

/** The team's name, defaults or venues changed. */
export const teamSettingsChanged = createChange();
