import { prefetchSignedList } from '@/features/checkin/api/get-signed-list';
import { SignlistPage } from '@/features/checkin/components/signlist-page';

export default SignlistPage;

/** What check-in's day list can start before it renders (app/router.tsx, `preloadScreen`). */
export const prefetch = (params: URLSearchParams) => prefetchSignedList(params);
