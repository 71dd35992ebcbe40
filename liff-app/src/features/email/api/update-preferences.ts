import type { NotificationPreferences } from '@shuttle/shared';
import { apiCall } from '@/lib/api-client';

/** `POST checkState/email/updatePreferences`: which of the four kinds of notice to receive. */
export const updatePreferences = (changes: Partial<NotificationPreferences>) =>
  apiCall('checkState/email/updatePreferences', changes);
