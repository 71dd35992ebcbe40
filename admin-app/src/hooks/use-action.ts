import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { notify, withLightLoading } from '@shuttle/shared/web/ui-store.ts';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ActionOptions {
  /** Shown in the success modal when the task resolves. */
  success?: { title?: string; message: string };
}

/**
 * Runs a change with the light loading overlay and turns a failure into the error modal with
 * the translated message. Resolves to the result, or undefined after a failure.
 */
export function useAction() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = useCallback(
    async <T>(task: () => Promise<T>, options: ActionOptions = {}): Promise<T | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setBusy(true);
      try {
        const result = await withLightLoading(task);
        if (options.success)
          notify({ level: 'success', title: options.success.title, message: options.success.message });
        return result;
      } catch (error) {
        console.error(error);
        notify({ level: 'error', title: t('common.errorTitle'), message: errorMessage(error) });
        return undefined;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [t],
  );
  return { busy, run };
}
