import { PrivacyPolicyPage } from '@/features/settings/components/static-pages';

export default PrivacyPolicyPage;
