import { MoneyPage } from '@/features/settings/components/money-page';

export default MoneyPage;
