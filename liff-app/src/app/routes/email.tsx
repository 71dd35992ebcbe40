import { EmailPage } from '@/features/email/components/email-page';

export default EmailPage;
