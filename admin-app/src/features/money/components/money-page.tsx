import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { ExportsPanel } from './exports-panel';
import { NoShowPanel } from './no-show-panel';
import { OutstandingPanel } from './outstanding-panel';
import { PassesPanel } from './passes-panel';
import { RefundsPanel } from './refunds-panel';

/** The page's sections in order, each a jump target of the section nav. */
const SECTIONS = ['unpaid', 'confirm', 'refunds', 'passes', 'stock', 'noShow', 'exports'] as const;
type Section = (typeof SECTIONS)[number];
const anchor = (section: Section) => `money-${section}`;

/**
 * /admin/money: who owes what, transfers to confirm, refunds due, season passes, the shuttle stock
 * (`stock`: the app's panel), the no-show rule and CSV exports (docs/MONEY.md, "Screens"), with a
 * section nav at the top a phone can jump with.
 */
export function MoneyPage({ stock }: { stock?: ReactNode }) {
  const { t } = useTranslation();
  const shown = SECTIONS.filter((s) => s !== 'stock' || stock);
  return (
    <div className="page" data-testid="money">
      <PageHeader title={t('money.title')} description={t('money.description')} />
      <nav className="section-nav" aria-label={t('moneyScreens.nav.label')} data-testid="money-nav">
        {shown.map((s) => (
          <a key={s} className="section-nav__link" href={`#${anchor(s)}`}>
            {t(`moneyScreens.nav.${s}`)}
          </a>
        ))}
      </nav>
      <div id={anchor('unpaid')} className="section-anchor">
        <OutstandingPanel confirmAnchor={anchor('confirm')} />
      </div>
      <div id={anchor('refunds')} className="section-anchor">
        <RefundsPanel />
      </div>
      <div id={anchor('passes')} className="section-anchor">
        <PassesPanel />
      </div>
      {stock && (
        <div id={anchor('stock')} className="section-anchor">
          {stock}
        </div>
      )}
      <div id={anchor('noShow')} className="section-anchor">
        <NoShowPanel />
      </div>
      <div id={anchor('exports')} className="section-anchor">
        <ExportsPanel />
      </div>
    </div>
  );
}
