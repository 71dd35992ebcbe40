import { apiCall } from '@/lib/api-client';

/** Posts the team's news to its bound LINE group and to members who want news. */
export const postNews = (text: string) => apiCall('team/postNews', { text });
