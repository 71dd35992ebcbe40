import { AccountPage } from '@/features/account/components/account-page';

export default AccountPage;
