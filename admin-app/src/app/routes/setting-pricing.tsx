import { PricingPage } from '@/features/settings/components/pricing-page';

export default PricingPage;
