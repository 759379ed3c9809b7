import Link from 'next/link';

/** An order's product name, linking to the order's own page. */
export function OrderLink({ orderId, children }: { orderId: string; children: React.ReactNode }) {
  return (
    <Link
      href={`/dashboard/order/${orderId}`}
      className="font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      {children}
    </Link>
  );
}

/** The buyer's own PO number under an order, when they gave one. */
export function PoNumberNote({ poNumber }: { poNumber: string | null | undefined }) {
  return poNumber ? (
    <span className="block text-xs break-all text-slate-600">PO number: {poNumber}</span>
  ) : null;
}
