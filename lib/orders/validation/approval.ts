import { z } from 'zod';
import { fieldMessages as f } from '@/lib/core/messages';
import { printable } from '@/lib/core/validation/text';

/** The most characters a rejection's reason may have. */
export const MAX_REJECTION_REASON_LENGTH = 500;

/** POST /api/orders/{id}/reject: why the order is rejected, told to its buyer. */
export const rejectOrderSchema = z.strictObject({
  reason: printable(
    z
      .string({ error: f.required('Reason') })
      .trim()
      .min(1, { error: f.required('Reason'), abort: true })
      .max(MAX_REJECTION_REASON_LENGTH, f.tooLong('Reason')),
    'Reason',
    { multiline: true },
  ),
});

export type RejectOrderInput = z.infer<typeof rejectOrderSchema>;
