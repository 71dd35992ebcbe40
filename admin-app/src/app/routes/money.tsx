import { MoneyPage } from '@/features/money/components/money-page';
import { StockPanel } from '@/features/settlement/components/stock-panel';

/** /admin/money, with the team's shuttle stock (docs/ON-COURT.md). */
export default function Money() {
  return <MoneyPage stock={<StockPanel />} />;
}
