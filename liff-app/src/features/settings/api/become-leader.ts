import { STORAGE_KEYS } from '@shuttle/shared';
import { apiCall } from '@/lib/api-client';

/**
 * `POST checkState/setting/becomeLeader`: opens an admin account linked to this player. The admin
 * app shares this origin, so keeping its token under `admin-token` signs the player straight in.
 */
export async function becomeLeader(): Promise<void> {
  const { token } = await apiCall('checkState/setting/becomeLeader', {});
  localStorage.setItem(STORAGE_KEYS.adminToken, token);
}
