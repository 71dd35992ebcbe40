import type { ReactNode } from 'react';

/** A table's caption, for screen readers only, and its column headings. */
export function TableHead({
  caption,
  columns,
}: {
  caption: string;
  columns: readonly { label: ReactNode; className?: string }[];
}) {
  return (
    <>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {columns.map(({ label, className }, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns never move
            <th key={column} scope="col" className={className}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}
