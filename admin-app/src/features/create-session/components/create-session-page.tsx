import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/query-view';
import { useDefaultSetting } from '../api/get-default-setting';
import { CreateSessionForm } from './create-session-form';

/** /admin/create: one session (publish state 0) or many (publish state 1), from the team defaults. */
export function CreateSessionPage() {
  const { t } = useTranslation();
  const defaults = useDefaultSetting();
  return (
    <div className="page" data-testid="create-session">
      <PageHeader title={t('create.title')} description={t('create.description')} back="/" />
      <QueryView query={defaults}>{(data) => <CreateSessionForm defaults={data} />}</QueryView>
    </div>
  );
}
