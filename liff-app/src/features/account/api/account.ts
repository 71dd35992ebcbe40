import type { AccountExport } from '@shuttle/shared';
import { downloadFile } from '@shuttle/shared/web/download.ts';
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

/** `POST checkState/account/delete`: the account is gone (docs/PRIVACY.md). */
export const deleteAccount = () => apiCall('checkState/account/delete');

/** Saves the export as a JSON file on the device. */
export function downloadJson(data: unknown, fileName: string): void {
  downloadFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), fileName);
}
