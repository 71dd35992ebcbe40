import type { NotificationPreferences } from '@shuttle/shared';
import { apiCall } from '@/lib/api-client';

/** `POST checkState/email/updatePreferences`: which kinds of notice to receive, and by which channels. */
export const updatePreferences = (changes: Partial<NotificationPreferences>) =>
  apiCall('checkState/email/updatePreferences', changes);
