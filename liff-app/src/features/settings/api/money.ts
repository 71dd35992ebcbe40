import { downloadFile } from '@shuttle/shared/web/download.ts';
import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';

/** Query-cache keys of the player's money screen (docs/MONEY.md). */
export const moneyKeys = { passes: 'settings:passes', level: 'settings:level' } as const;

export const useMyPasses = () => useQuery(moneyKeys.passes, () => apiCall('checkState/passes/mine', {}));
export const useMyLevel = () => useQuery(moneyKeys.level, () => apiCall('checkState/setting/getLevel', {}));
export const setLevel = (level: number | null) => apiCall('checkState/setting/level', { level });

/** Downloads the player's bookings as CSV (UTF-8 with a BOM, a header row); the envelope's message on failure. */
export async function downloadHistoryCsv(): Promise<void> {
  downloadFile(await apiCall.file('checkState/history/exportCsv', {}), 'shuttle-history.csv');
}
