import { CalendarFeedPage } from '@/features/calendar/components/calendar-feed-page';

export default CalendarFeedPage;
