import { cn } from '@client/lib/cn';
import type { ReactNode } from 'react';

/** The look of the About tab's tables (skill bands, ranks, reliability), kept alike across its sections. */
const tableClasses = 'w-full text-left text-sm';
const thClasses = 'border-b border-stone-200 px-3 py-2 font-semibold text-stone-700';
const tdClasses = 'border-b border-stone-100 px-3 py-2 text-stone-800';

type Column<Row> = {
  header: string;
  /** Added to the column's header cell. */
  headerClassName?: string;
  cell: (row: Row) => ReactNode;
  /** Added to each of the column's cells. */
  cellClassName?: string;
};

/**
 * A two-column table of the About tab: a caption for screen readers, a header row, and a row per item whose
 * first cell heads the row (what is explained) and whose second explains it.
 */
export function ExplainerTable<Row>({
  caption,
  rows,
  rowKey,
  columns: [first, second],
  className,
}: {
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: [Column<Row>, Column<Row>];
  className?: string;
}) {
  return (
    <table className={cn(tableClasses, className)}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {[first, second].map((column) => (
            <th key={column.header} scope="col" className={cn(thClasses, column.headerClassName)}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            <th scope="row" className={cn(tdClasses, first.cellClassName)}>
              {first.cell(row)}
            </th>
            <td className={cn(tdClasses, second.cellClassName)}>{second.cell(row)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
