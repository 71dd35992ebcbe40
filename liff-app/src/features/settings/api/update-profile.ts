import type { Language } from '@shuttle/shared';
import { apiCall } from '@/lib/api-client';
import { setProfile } from '@/lib/auth';

/** `POST checkState/setting/updateProfile`: the language LINE pushes and emails are written in. */
export async function updateProfileLanguage(language: Language) {
  const profile = await apiCall('checkState/setting/updateProfile', { language });
  setProfile(profile);
  return profile;
}
