import type { UpdateSettlementRequest } from '@shuttle/shared';
import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';

/** Query-cache keys of settlement, shuttle stock and payment details (docs/ON-COURT.md). */
export const settlementKeys = {
  settlement: (sessionId: string) => `settlement:${sessionId}`,
  stock: 'settlement:stock',
  paymentDetails: 'settlement:paymentDetails',
} as const;

export const useSettlement = (sessionId: string) =>
  useQuery(settlementKeys.settlement(sessionId), () => apiCall('settlement/get', { sessionId }));
export const updateSettlement = (change: UpdateSettlementRequest) => apiCall('settlement/update', change);
export const closeSettlement = (sessionId: string, early?: boolean) =>
  apiCall('settlement/close', { sessionId, ...(early ? { early } : {}) });
export const reopenSettlement = (sessionId: string) => apiCall('settlement/reopen', { sessionId });

export const useShuttleStock = () => useQuery(settlementKeys.stock, () => apiCall('shuttles/get', {}));
export const addShuttlePurchase = (tubes: number, pricePerTube: number) =>
  apiCall('shuttles/addPurchase', { tubes, pricePerTube });
export const updateLowStock = (lowStockTubes: number) => apiCall('shuttles/updateThreshold', { lowStockTubes });

export const usePaymentDetails = () =>
  useQuery(settlementKeys.paymentDetails, () => apiCall('setting/getPaymentDetails', {}));
export const savePaymentDetails = (details: {
  bankCode: string;
  accountName: string;
  bankAccount: string;
  linePayUrl: string;
  jkoPayUrl: string;
}) => apiCall('setting/updatePaymentDetails', details);
