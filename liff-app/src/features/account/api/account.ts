import type { AccountExport } from '@shuttle/shared';
import { apiCall } from '@/lib/api-client';
import { setProfile } from '@/lib/auth';

/** `POST checkState/setting/nickname`: the name lists show (null: the LINE/Google name). */
export async function saveNickname(nickname: string | null) {
  const profile = await apiCall('checkState/setting/nickname', { nickname });
  setProfile(profile);
  return profile;
}

/** `POST checkState/account/exportData`: everything stored about the player. */
export const exportData = (): Promise<AccountExport> => apiCall('checkState/account/exportData');

/** `POST checkState/account/delete`: the account is gone (README, "Privacy"). */
export const deleteAccount = () => apiCall('checkState/account/delete');

/** Saves the export as a JSON file on the device. */
export function downloadJson(data: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
