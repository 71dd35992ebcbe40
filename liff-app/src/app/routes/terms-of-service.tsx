import { TermsOfServicePage } from '@/features/settings/components/static-pages';

export default TermsOfServicePage;
