import { buildAppIfStale } from '@shuttle/functions/local/app-build.ts';

/**
 * Builds both apps when their sources changed since their last build (as `npm start` does), in a
 * process of its own: the journeys' set-up (global-stack.ts) runs it beside the other tests.
 */
buildAppIfStale('liff-app');
buildAppIfStale('admin-app');
