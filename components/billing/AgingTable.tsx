import { Table, Td } from '@/components/ui/Table';
import { formatMoney } from '@/lib/core/money';
import { AGING_BUCKETS, type AgingBucket } from '@/lib/terms/shared';

const BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  '1-30': '1–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': 'Over 90 days',
};

/** What is owed by how overdue it is: one row, a column per aging bucket, and the total. */
export function AgingTable({ aging }: { aging: Record<AgingBucket, number> }) {
  const total = AGING_BUCKETS.reduce((sum, bucket) => sum + aging[bucket], 0);
  return (
    <Table
      className="mt-3"
      headings="plain"
      label="What is owed, by age"
      columns={[...AGING_BUCKETS.map((bucket) => BUCKET_LABELS[bucket]), 'Total']}
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
