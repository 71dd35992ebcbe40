import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A wide table's box, scrolling sideways on a phone: a named region that takes keyboard focus,
 * so it can be scrolled without a pointer (axe `scrollable-region-focusable`). While the table is
 * wider than its box, a line above it says so (a phone shows 2 of 6 columns otherwise without a
 * hint).
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  const box = useRef<HTMLElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      {overflows && (
        <p className="table-wrap__hint" data-testid="table-scroll-hint">
          <span aria-hidden="true">↔ </span>
          {t('moneyScreens.scrollHint')}
        </p>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard. */}
      <section ref={box} className="table-wrap" aria-label={label} tabIndex={0}>
        {children}
      </section>
    </>
  );
}
