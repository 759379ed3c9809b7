/** What the mail to a colleague who was sent an order list says, taken from their list. */
export interface ListSharedMailData {
  /** The sender's name, as their account has it. */
  fromName: string;
  /** The lines sent, as the sender's list had them. */
  lines: Array<{ sku: string | null; name: string; quantity: number }>;
  /** The order list's page, absolute. */
  link: string;
}
