import { NEWS_TEXT_MAX } from '@shuttle/shared';
import { ConfirmDialog } from '@shuttle/shared/web/dialog.tsx';
import { notify } from '@shuttle/shared/web/ui-store.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { useAction } from '@/hooks/use-action';
import { postNews } from '../api/post-news';
import { preventDefault } from './default-data-form';

/** A team's news: to the bound group and to members who want news (docs/LINE.md, "Group announcements"). */
export function NewsPanel() {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const [text, setText] = useState('');
  // Sending shows the message first, as the group and members will read it (issue 22).
  const [previewing, setPreviewing] = useState(false);
  const submit = async () => {
    const result = await run(() => postNews(text.trim()));
    setPreviewing(false);
    if (!result) return;
    setText('');
    notify({ level: 'success', message: t('settings.news.sent', { count: result.members }) });
  };
  return (
    <form
      className="panel form"
      onSubmit={preventDefault(() => setPreviewing(true))}
      noValidate
      data-testid="team-news"
    >
      <h2 className="panel__title">{t('settings.news.title')}</h2>
      <p className="panel__text">{t('settings.news.hint')}</p>
      <Field label={t('settings.news.label')} hint={`${text.length}/${NEWS_TEXT_MAX}`}>
        {(c) => (
          <textarea
            {...c}
            className="input textarea"
            rows={4}
            maxLength={NEWS_TEXT_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            data-testid="team-news-text"
          />
        )}
      </Field>
      <div className="save-bar">
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || text.trim() === ''}
          data-testid="team-news-send"
        >
          {t('moneyScreens.newsPreview')}
        </button>
      </div>
      <ConfirmDialog
        open={previewing}
        title={t('moneyScreens.newsPreviewTitle')}
        confirmLabel={t('settings.news.send')}
        onConfirm={() => void submit()}
        onCancel={() => setPreviewing(false)}
        cancelLabel={t('moneyScreens.edit')}
        busy={busy}
        testId="team-news-preview"
      >
        <p className="panel__text">{t('moneyScreens.newsPreviewHint')}</p>
        <p className="news-preview" data-testid="team-news-preview-text">
          {text.trim()}
        </p>
      </ConfirmDialog>
    </form>
  );
}
