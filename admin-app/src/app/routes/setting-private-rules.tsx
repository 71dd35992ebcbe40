import { PrivateRulesPage } from '@/features/settings/components/private-rules-page';

export default PrivateRulesPage;
