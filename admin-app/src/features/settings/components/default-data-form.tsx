import type { DefaultData } from '@shuttle/shared';
import { setQueryData } from '@shuttle/shared/web/query.ts';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/query-view';
import { useAction } from '@/hooks/use-action';
import { teamSettingsChanged } from '@/lib/changes';
import { useDefaultData } from '../api/get-default-data';
import { settingsKeys } from '../api/keys';

/** The frame of one settings page: loads the team's data, saves with a success notice. */
export function SettingsPage({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description: string;
  children: (data: DefaultData) => ReactNode;
  testId: string;
}) {
  const data = useDefaultData();
  return (
    <div className="page page--narrow" data-testid={testId}>
      <PageHeader title={title} description={description} back="/setting" />
      <QueryView query={data}>{(value) => children(value)}</QueryView>
    </div>
  );
}

/** Saves through `save`, stores the answer as the team's data and says so. */
export function useSaveSettings() {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const save = async (task: () => Promise<DefaultData>): Promise<boolean> => {
    const result = await run(task, { success: { title: t('common.savedTitle'), message: t('common.savedMessage') } });
    if (!result) return false;
    setQueryData(settingsKeys.defaultData, result);
    void teamSettingsChanged.announce();
    return true;
  };
  return { busy, save };
}

export function SaveBar({ busy, disabled }: { busy: boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="save-bar">
      <button type="submit" className="button button--primary" disabled={busy || disabled} data-testid="settings-save">
        {busy ? t('common.saving') : t('common.save')}
      </button>
    </div>
  );
}

export const preventDefault = (handler: () => void) => (event: FormEvent) => {
  event.preventDefault();
  handler();
};
