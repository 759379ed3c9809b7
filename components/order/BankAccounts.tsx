import { billingWording } from '@/lib/core/b2b-wording/billing';
import type { BankAccountDetails } from '@/lib/orders/shared';

const words = billingWording.bankAccount;

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
          <dt className="text-slate-600">{words.bank}</dt>
          <dd>{account.bankName ?? '—'}</dd>
          {account.accountHolderName ? (
            <>
              <dt className="text-slate-600">{words.holder}</dt>
              <dd>{account.accountHolderName}</dd>
            </>
          ) : null}
          {account.routingNumber ? (
            <>
              <dt className="text-slate-600">{words.routingNumber}</dt>
              <dd className="font-mono">{account.routingNumber}</dd>
            </>
          ) : null}
          {account.swiftCode ? (
            <>
              <dt className="text-slate-600">{words.swift}</dt>
              <dd className="font-mono">{account.swiftCode}</dd>
            </>
          ) : null}
          <dt className="text-slate-600">{words.accountNumber}</dt>
          <dd className="font-mono break-all">{account.accountNumber ?? '—'}</dd>
          {account.networks.length ? (
            <>
              <dt className="text-slate-600">{words.networks}</dt>
              <dd>{account.networks.map(words.network).join(', ')}</dd>
            </>
          ) : null}
        </dl>
      ))}
    </>
  );
}
