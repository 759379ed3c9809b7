import type { BankAccountDetails } from '@/lib/orders/shared';

/**
 * The bank accounts Stripe gives for a transfer (a payment page's bank transfer, an invoice's
 * company account): bank, account holder, routing or SWIFT code, account number and the
 * networks that reach it, one bordered list each.
 */
export function BankAccounts({ accounts }: { accounts: readonly BankAccountDetails[] }) {
  return (
    <>
      {accounts.map((account, index) => (
        <dl
          key={`${account.type}-${index}`}
          className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md border border-slate-200 p-3 text-sm"
          data-testid="bank-account"
        >
          <dt className="text-slate-600">Bank</dt>
          <dd>{account.bankName ?? '—'}</dd>
          {account.accountHolderName ? (
            <>
              <dt className="text-slate-600">Account holder</dt>
              <dd>{account.accountHolderName}</dd>
            </>
          ) : null}
          {account.routingNumber ? (
            <>
              <dt className="text-slate-600">Routing number</dt>
              <dd className="font-mono">{account.routingNumber}</dd>
            </>
          ) : null}
          {account.swiftCode ? (
            <>
              <dt className="text-slate-600">SWIFT</dt>
              <dd className="font-mono">{account.swiftCode}</dd>
            </>
          ) : null}
          <dt className="text-slate-600">Account number</dt>
          <dd className="font-mono break-all">{account.accountNumber ?? '—'}</dd>
          {account.networks.length ? (
            <>
              <dt className="text-slate-600">By</dt>
              <dd>{account.networks.map(networkName).join(', ')}</dd>
            </>
          ) : null}
        </dl>
      ))}
    </>
  );
}

/** A payment network as a person reads it. */
function networkName(network: string): string {
  switch (network) {
    case 'ach':
      return 'ACH';
    case 'domestic_wire_us':
      return 'US wire';
    case 'swift':
      return 'SWIFT wire';
    default:
      return network;
  }
}
