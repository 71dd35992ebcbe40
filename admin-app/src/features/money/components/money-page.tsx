import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { ExportsPanel } from './exports-panel';
import { NoShowPanel } from './no-show-panel';
import { OutstandingPanel } from './outstanding-panel';
import { PassesPanel } from './passes-panel';

/** /admin/money: who owes what, CSV exports, season passes and the no-show rule (docs/MONEY.md); `extra`: the app's other money panels. */
export function MoneyPage({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="money">
      <PageHeader title={t('money.title')} description={t('money.description')} />
      <OutstandingPanel />
      {extra}
      <ExportsPanel />
      <PassesPanel />
      <NoShowPanel />
    </div>
  );
}
