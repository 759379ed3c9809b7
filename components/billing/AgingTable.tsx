import { Table, Td } from '@/components/ui/Table';
import { billingWording } from '@/lib/core/b2b-wording/billing';
import { formatMoney } from '@/lib/core/money';
import { AGING_BUCKETS, type AgingBucket } from '@/lib/terms/shared';

const words = billingWording.aging;

/** What is owed by how overdue it is: one row, a column per aging bucket, and the total. */
export function AgingTable({ aging }: { aging: Record<AgingBucket, number> }) {
  const total = AGING_BUCKETS.reduce((sum, bucket) => sum + aging[bucket], 0);
  return (
    <Table
      className="mt-3"
      headings="plain"
      label={words.label}
      columns={[...AGING_BUCKETS.map((bucket) => words.buckets[bucket]), words.total]}
    >
      <tr>
        {AGING_BUCKETS.map((bucket) => (
          <Td key={bucket} className="whitespace-nowrap" data-testid={`aging-${bucket}`}>
            {formatMoney(aging[bucket])}
          </Td>
        ))}
        <Td className="font-semibold whitespace-nowrap" data-testid="aging-total">
          {formatMoney(total)}
        </Td>
      </tr>
    </Table>
  );
}
