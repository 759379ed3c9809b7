import type { ReactNode } from 'react';
import { Table } from '@/components/ui/Table';

/**
 * A bordered data table of the company page, in a frame of its own that scrolls sideways on a
 * narrow screen: a labelled region, focusable so that the keyboard can scroll it too (a table
 * without buttons in it, as members without the owner's tools see theirs, has nothing else to
 * focus). The rows use the Table component's cells (`Td`, `RowHeader`).
 */
export function ScrollTable({
  label,
  columns,
  children,
  className,
}: {
  /** The frame's name, read by screen readers ("Company members", say). */
  label: string;
  columns: readonly string[];
  children: ReactNode;
  className?: string;
}) {
  return (
    <Table label={label} columns={columns} className={className}>
      {children}
    </Table>
  );
}
