'use client';

/** The Delete button of an order row: disabled for paid orders and while a delete runs. */
export function DeleteOrderButton({
  order,
  pending,
  onDelete,
}: {
  order: { _id: string; paid: boolean };
  pending: boolean;
  onDelete: (id: string) => void;
}) {
  return (
    <button
      type="button"
      className="btn-danger px-3 py-1"
      disabled={order.paid || pending}
      title={order.paid ? 'A paid order cannot be deleted' : undefined}
      onClick={() => onDelete(order._id)}
    >
      Delete
    </button>
  );
}
