import { memberRoutes, STORAGE_KEYS } from '@shuttle/shared';
import { storage } from '@shuttle/shared/web/storage.ts';
import { memberApiCall } from '@/lib/api-client';

/** The member app's login on this origin, if any: a player can open an admin account with it. */
export const memberToken = () => storage.get(STORAGE_KEYS.memberToken);

/** 'Become team leader' (member API): opens or reopens the admin account linked to the player. */
export const becomeLeader = (token: string) =>
  memberApiCall('checkState/setting/becomeLeader', memberRoutes['checkState/setting/becomeLeader'], token, {});
