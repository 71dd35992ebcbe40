import { SignlistPage } from '@/features/checkin/components/signlist-page';

export default SignlistPage;
