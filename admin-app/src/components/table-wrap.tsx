import type { ReactNode } from 'react';

/**
 * A wide table's box, scrolling sideways on a phone: a named region that takes keyboard focus,
 * so it can be scrolled without a pointer (axe `scrollable-region-focusable`).
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
    <section className="table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
