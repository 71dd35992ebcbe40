import { type DefaultData, LANGUAGES, type Language, updateLineRequest } from '@shuttle/shared';
import { ConfirmDialog } from '@shuttle/shared/web/dialog.tsx';
import { formatDateTime } from '@shuttle/shared/web/format.ts';
import { invalidateQueries, setQueryData } from '@shuttle/shared/web/query.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { LineLinkInput } from '@/components/line-link-input';
import { ToggleSwitch } from '@/components/toggle-switch';
import { useAction } from '@/hooks/use-action';
import { settingsKeys } from '../api/keys';
import { getLineBindCode, unbindLineGroup } from '../api/line-binding';
import { updateGroupAnnouncements } from '../api/update-group-announcements';
import { updateLine } from '../api/update-line';
import { preventDefault, SaveBar, SettingsPage, useSaveSettings } from './default-data-form';
import { LineBudgetPanel } from './line-budget-panel';
import { OfficialAccountStep, useOfficialAccountId } from './line-official-account';
import { NewsPanel } from './news-panel';

function LineLinkForm({ data }: { data: DefaultData }) {
  const { t } = useTranslation();
  const { busy, save } = useSaveSettings();
  const [link, setLink] = useState(data.default_line);
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    const valid = updateLineRequest.shape.default_line.safeParse(link.trim()).success;
    setError(valid ? undefined : t('teams.errors.httpsLink'));
    if (valid) void save(() => updateLine(link.trim()));
  };
  return (
    <form className="panel form" onSubmit={preventDefault(submit)} noValidate>
      <Field label={t('settings.lineLink')} hint={t('settings.lineLinkHint')} error={error}>
        {(c) => <LineLinkInput control={c} value={link} onChange={setLink} />}
      </Field>
      <SaveBar busy={busy} />
    </form>
  );
}

/** Copies the binding code (to paste it into the LINE group); says 已複製 for a moment. */
function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard (an old browser, a denied permission): the code stays selectable in its box.
    }
  };
  return (
    <button type="button" className="button button--outline" onClick={() => void copy()} data-testid="line-bind-copy">
      <span aria-live="polite">{copied ? t('moneyScreens.copied') : t('moneyScreens.copyCode')}</span>
    </button>
  );
}

/**
 * The group the bot serves: bound by a one-time code sent in the group, never by typing its id,
 * in three numbered steps (docs/LINE.md, "Binding a team's group"): add the official account as a
 * friend (its id, link and QR code), invite it into the group, send the code there.
 */
function LineGroupPanel({ data }: { data: DefaultData }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const [code, setCode] = useState<{ code: string; expiresAt: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const bound = data.line_group_id !== '';
  const accountId = useOfficialAccountId();

  const newCode = async () => {
    const result = await run(getLineBindCode);
    if (result) setCode(result);
  };
  const unbind = async () => {
    const result = await run(unbindLineGroup, { success: { message: t('settings.lineUnbound') } });
    setConfirming(false);
    if (result) setQueryData(settingsKeys.defaultData, result);
  };

  return (
    <section className="panel" aria-labelledby="line-group-title" data-testid="line-group">
      <h2 className="panel__title" id="line-group-title">
        {t('settings.lineGroup')}
        <span className={`badge ${bound ? 'badge--booked' : 'badge--muted'}`} data-testid="line-group-state">
          {bound ? t('settings.lineBound') : t('settings.lineNotBound')}
        </span>
      </h2>
      {bound && data.line_group_name && (
        <p className="panel__text" data-testid="line-group-name">
          {t('settings.lineGroupName', { name: data.line_group_name })}
        </p>
      )}
      {/* 解除綁定 sits with the bound group, above the code, so a code never pushes it off screen. */}
      {bound && (
        <div className="line-unbind-bar">
          <button
            type="button"
            className="button button--danger-outline"
            onClick={() => setConfirming(true)}
            disabled={busy}
            data-testid="line-unbind"
          >
            {t('settings.lineUnbind')}
          </button>
        </div>
      )}
      <p className="panel__text">{t('settings.lineGroupHint')}</p>
      <ol className="line-steps" data-testid="line-steps">
        <li>
          <h3 className="line-steps__title">{t('lineSteps.title1')}</h3>
          <OfficialAccountStep accountId={accountId} />
        </li>
        <li>
          <h3 className="line-steps__title">{t('lineSteps.title2')}</h3>
          <p className="panel__text">{t('lineSteps.text2', { id: accountId ?? t('lineSteps.theAccount') })}</p>
        </li>
        <li>
          <h3 className="line-steps__title">{t('lineSteps.title3')}</h3>
          <p className="panel__text">{t('lineSteps.text3')}</p>
        </li>
      </ol>
      {code && (
        <Field
          label={t('settings.lineBindGet')}
          hint={t('settings.lineBindExpires', { time: formatDateTime(code.expiresAt) })}
        >
          {(c) => (
            <div className="pass-start">
              <input {...c} className="input input--mono" readOnly value={code.code} data-testid="line-bind-code" />
              <CopyButton text={code.code} />
            </div>
          )}
        </Field>
      )}
      <div className="save-bar">
        {code && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void invalidateQueries(settingsKeys.defaultData)}
            disabled={busy}
          >
            {t('settings.lineBindCheck')}
          </button>
        )}
        <button
          type="button"
          className="button button--primary"
          onClick={() => void newCode()}
          disabled={busy}
          data-testid="line-bind-get"
        >
          {code ? t('settings.lineBindNew') : t('settings.lineBindGet')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('settings.lineUnbindTitle')}
        confirmLabel={t('settings.lineUnbind')}
        onConfirm={unbind}
        onCancel={() => setConfirming(false)}
        tone="danger"
        busy={busy}
      >
        <p>{t('settings.lineUnbindText')}</p>
      </ConfirmDialog>
    </section>
  );
}

const ANNOUNCEMENTS = ['newSessions', 'signupOpening', 'placeFreed', 'changes'] as const;

/** What the bot posts to the bound group (docs/LINE.md, "Team groups and chat commands"); saved on each switch. */
function GroupAnnouncementsPanel({ data }: { data: DefaultData }) {
  const { t } = useTranslation();
  const { busy, save } = useSaveSettings();
  return (
    <section className="panel" data-testid="group-announcements">
      <h2 className="panel__title">{t('settings.groupAnnouncements.title')}</h2>
      <p className="panel__text">{t('settings.groupAnnouncements.hint')}</p>
      <Field label={t('settings.groupAnnouncements.language')}>
        {(c) => (
          <select
            {...c}
            className="input"
            value={data.language}
            disabled={busy}
            onChange={(e) => void save(() => updateGroupAnnouncements({ language: e.target.value as Language }))}
            data-testid="group-language"
          >
            {LANGUAGES.map((lng) => (
              <option key={lng} value={lng}>
                {t(`language.names.${lng}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {ANNOUNCEMENTS.map((name) => (
        <ToggleSwitch
          key={name}
          checked={data.group_announcements[name]}
          label={t(`settings.groupAnnouncements.${name}`)}
          disabled={busy}
          testId={`group-announcement-${name}`}
          onChange={(next) => void save(() => updateGroupAnnouncements({ [name]: next }))}
        />
      ))}
    </section>
  );
}

/** /admin/setting/line: the LINE community link players see, and the group the bot is bound to. */
export function LinePage() {
  const { t } = useTranslation();
  return (
    <SettingsPage
      title={t('settings.items.line.title')}
      description={t('settings.items.line.description')}
      testId="setting-line"
    >
      {(data) => (
        <>
          <LineLinkForm data={data} />
          <LineGroupPanel data={data} />
          <GroupAnnouncementsPanel data={data} />
          <LineBudgetPanel data={data} />
          <NewsPanel />
        </>
      )}
    </SettingsPage>
  );
}
