import type { ReactNode } from 'react';

/** Terms and their values as a `<dl>`, each pair in a `<div>` (so a grid can lay them out). */
export function TermList({
  className,
  items,
  itemClassName,
  testId,
}: {
  className: string;
  items: readonly { term: string; value: ReactNode }[];
  itemClassName?: string;
  testId?: string;
}) {
  return (
    <dl className={className} data-testid={testId}>
      {items.map(({ term, value }) => (
        <div key={term} className={itemClassName}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
