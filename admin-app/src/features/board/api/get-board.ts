import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { boardKeys } from './keys';

/** Today's and the next week's sessions, recent bookings and cancellations, this month's figures. */
const getBoard = () => apiCall('board/getBoard', {});

export const useBoard = () => useQuery(boardKeys.all, getBoard);
