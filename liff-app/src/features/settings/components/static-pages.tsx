import { POLICIES_EFFECTIVE_DATE } from '@shuttle/shared';
import { formatIsoDate } from '@shuttle/shared/web/format.ts';
import { AppLogo } from '@shuttle/shared/web/loading-overlays.tsx';
import { TableHead } from '@shuttle/shared/web/table-head.tsx';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { CONTACT_LINE_URL } from '@/lib/links';

interface Section {
  title: string;
  body: string[];
}

interface LevelRow {
  level: string;
  category: string;
  description: string;
}

/** Arrays and objects of the `pages` namespace (legal texts, the level table). */
function useList<T>(key: string): T[] {
  const { i18n } = useTranslation('pages');
  const value: unknown = i18n.t(key as never, { ns: 'pages', returnObjects: true });
  return Array.isArray(value) ? (value as T[]) : [];
}

function LegalDocument({ kind }: { kind: 'privacy' | 'terms' }) {
  const { t } = useTranslation('pages');
  const sections = useList<Section>(`${kind}.sections`);
  const effective = formatIsoDate(POLICIES_EFFECTIVE_DATE, { year: 'numeric', month: 'long', day: 'numeric' });
  return (
    <div className="doc-page" data-testid={`${kind}-page`}>
      <PageHeader title={t(`${kind}.title`)} fallback="/setting" />
      <article className="doc">
        <p className="doc__effective">{t('legal.effective', { date: effective })}</p>
        <p className="doc__intro">{t(`${kind}.intro`)}</p>
        {sections.map((section, i) => (
          <section key={section.title}>
            <h2>
              {i + 1}. {section.title}
            </h2>
            {section.body.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </article>
    </div>
  );
}

export const PrivacyPolicyPage = () => <LegalDocument kind="privacy" />;
export const TermsOfServicePage = () => <LegalDocument kind="terms" />;

/** Level table: level, competition category, skill description. */
export function BadmintonLevelsPage() {
  const { t } = useTranslation('pages');
  const rows = useList<LevelRow>('levels.rows');
  return (
    <div className="doc-page" data-testid="levels-page">
      <PageHeader title={t('levels.title')} fallback="/setting" />
      <article className="doc">
        <p className="doc__intro">{t('levels.intro')}</p>
        <div className="table-scroll">
          <table className="level-table">
            <TableHead
              caption={t('levels.title')}
              columns={[
                { label: t('levels.columns.level') },
                { label: t('levels.columns.category') },
                { label: t('levels.columns.description') },
              ]}
            />
            <tbody>
              {rows.map((row) => (
                <tr key={row.level}>
                  <th scope="row">{row.level}</th>
                  <td>{row.category}</td>
                  <td>{row.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="doc__note">{t('levels.note')}</p>
      </article>
    </div>
  );
}

export function AboutUsPage() {
  const { t } = useTranslation('pages');
  const { t: tApp } = useTranslation();
  const paragraphs = useList<string>('about.paragraphs');
  const features = useList<string>('about.features');
  return (
    <div className="doc-page" data-testid="about-page">
      <PageHeader title={t('about.title')} fallback="/setting" />
      <article className="doc">
        <div className="about-hero">
          <AppLogo size={72} />
          <h2>{tApp('app.name')}</h2>
          <p>{tApp('app.tagline')}</p>
        </div>
        {paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
        <h2>{t('about.featuresTitle')}</h2>
        <ul className="doc__list">
          {features.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
        <h2>{t('about.contactTitle')}</h2>
        <p>{t('about.contact')}</p>
        <a className="button button--line" href={CONTACT_LINE_URL} target="_blank" rel="noreferrer">
          {tApp('settings.items.contactUs')}
        </a>
      </article>
    </div>
  );
}
