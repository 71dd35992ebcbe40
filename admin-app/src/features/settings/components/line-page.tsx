import { type DefaultData, updateLineRequest } from '@shuttle/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { LineLinkInput } from '@/components/line-link-input';
import { updateLine } from '../api/update-line';
import { preventDefault, SaveBar, SettingsPage, useSaveSettings } from './default-data-form';

function LineForm({ data }: { data: DefaultData }) {
  const { t } = useTranslation();
  const { busy, save } = useSaveSettings();
  const [link, setLink] = useState(data.default_line);
  const [groupId, setGroupId] = useState(data.line_group_id);
  const [errors, setErrors] = useState<{ link?: string; group?: string }>({});
  const submit = () => {
    const next = {
      link: updateLineRequest.shape.default_line.safeParse(link.trim()).success
        ? undefined
        : t('teams.errors.httpsLink'),
      group: updateLineRequest.shape.line_group_id.safeParse(groupId.trim()).success
        ? undefined
        : t('settings.groupIdInvalid'),
    };
    setErrors(next);
    if (next.link || next.group) return;
    void save(() => updateLine(link.trim(), groupId.trim()));
  };
  return (
    <form className="panel form" onSubmit={preventDefault(submit)} noValidate>
      <Field label={t('settings.lineLink')} hint={t('settings.lineLinkHint')} error={errors.link}>
        {(c) => <LineLinkInput control={c} value={link} onChange={setLink} />}
      </Field>
      <Field label={t('settings.groupId')} hint={t('settings.groupIdHint')} error={errors.group}>
        {(c) => (
          <input
            {...c}
            className="input input--mono"
            spellCheck={false}
            placeholder={t('settings.groupIdExample')}
            value={groupId}
            onChange={(e) => setGroupId(e.target.value)}
          />
        )}
      </Field>
      <SaveBar busy={busy} />
    </form>
  );
}

/** /admin/setting/line: the LINE community link players see, and the group the bot posts to. */
export function LinePage() {
  const { t } = useTranslation();
  return (
    <SettingsPage
      title={t('settings.items.line.title')}
      description={t('settings.items.line.description')}
      testId="setting-line"
    >
      {(data) => <LineForm data={data} />}
    </SettingsPage>
  );
}
