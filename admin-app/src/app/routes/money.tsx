import { MoneyPage } from '@/features/money/components/money-page';

export default MoneyPage;
