import { NotificationsPage } from '@/features/email/components/notifications-page';

export default NotificationsPage;
