'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Field } from '@/components/ui/Field';
import { FormDialogButton } from '@/components/ui/FormDialogButton';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/ui/useConfirm';
import { callApi } from '@/lib/client/api';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import type { ShippingAddress } from '@/lib/companies/shared';
import { companyWording as words } from '@/lib/core/b2b-wording/company';
import type { AddressFormValues } from './form-schemas';
import { jsonInit, useDialogForm } from './useDialogForm';

const ADDRESSES_URL = '/api/companies/me/addresses';
const addressUrl = (id: string) => `${ADDRESSES_URL}/${encodeURIComponent(id)}`;

/** The address dialog's schema, loaded once the page is up. */
const resolver = lazyZodResolver<AddressFormValues>(() =>
  import('@/lib/companies/schemas').then((module) => module.shippingAddressSchema),
);

const addressFields = ['label', 'address', 'phone', 'default'] as const;

/**
 * The company's shipping addresses, offered at checkout (the default one first). Members who
 * may manage them (manageAddresses) add, edit, delete them and choose the default.
 */
export function ShippingAddresses({
  addresses,
  canManage,
}: {
  addresses: ShippingAddress[];
  canManage: boolean;
}) {
  return (
    <section aria-labelledby="addresses-title" className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="addresses-title" className="text-lg font-semibold text-slate-900">
          {words.addresses.heading}
        </h2>
        {canManage ? <AddressDialog /> : null}
      </div>
      {addresses.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          {canManage ? words.addresses.noneManager : words.addresses.noneMember}
        </p>
      ) : (
        <ul className="mt-3 grid gap-4 md:grid-cols-2">
          {addresses.map((address) => (
            <li
              key={address._id}
              className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold text-slate-900">{address.label}</h3>
                {address.default ? (
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                    {words.addresses.defaultBadge}
                  </span>
                ) : null}
              </div>
              <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{address.address}</p>
              <p className="mt-1 text-sm text-slate-700">{words.addresses.phone(address.phone)}</p>
              {canManage ? <AddressActions address={address} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Add an address (no `address`), or edit one. */
function AddressDialog({ address }: { address?: ShippingAddress }) {
  const router = useRouter();
  const form = useDialogForm(resolver, {
    defaultValues: {
      label: address?.label ?? '',
      address: address?.address ?? '',
      phone: address?.phone ?? '',
      default: address?.default ?? false,
    },
    fields: addressFields,
    notice: address ? words.addresses.edit.done : words.addresses.add.done,
    // `default` is sent only to make this one the default: another is made the default in turn.
    send: ({ default: makeDefault, ...fields }) => {
      const body = makeDefault ? { ...fields, default: true } : fields;
      return address
        ? callApi(addressUrl(address._id), jsonInit('PATCH', body))
        : callApi(ADDRESSES_URL, jsonInit('POST', body));
    },
    after: () => router.refresh(),
  });
  const id = address ? `address-${address._id}` : 'address-new';
  return (
    <FormDialogButton
      label={address ? words.common.edit : words.addresses.add.button}
      ariaLabel={address ? words.addresses.edit.ariaLabel(address.label) : undefined}
      buttonClassName={address ? 'btn-secondary px-3 py-1 text-xs' : 'btn-primary px-3 py-1.5'}
      title={address ? words.addresses.edit.title(address.label) : words.addresses.add.title}
      submitLabel={address ? words.common.save : words.addresses.add.submit}
      busyLabel={words.common.saving}
      {...form.dialog}
    >
      <Field
        id={`${id}-label`}
        label={words.addresses.fields.label}
        hint={words.addresses.fields.labelHint}
        error={form.errors.label?.message}
      >
        <input type="text" autoComplete="off" {...form.register('label')} />
      </Field>
      <Field
        id={`${id}-address`}
        label={words.addresses.fields.address}
        error={form.errors.address?.message}
      >
        <textarea rows={3} autoComplete="street-address" {...form.register('address')} />
      </Field>
      <Field
        id={`${id}-phone`}
        label={words.addresses.fields.phone}
        error={form.errors.phone?.message}
      >
        <input type="tel" inputMode="numeric" autoComplete="tel" {...form.register('phone')} />
      </Field>
      {address?.default ? (
        <p className="text-sm text-slate-600">{words.addresses.fields.isDefault}</p>
      ) : (
        <div className="flex items-center gap-2">
          <input
            id={`${id}-default`}
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300"
            {...form.register('default')}
          />
          <label htmlFor={`${id}-default`} className="text-sm text-slate-700">
            {words.addresses.fields.makeDefault}
          </label>
        </div>
      )}
    </FormDialogButton>
  );
}

function AddressActions({ address }: { address: ShippingAddress }) {
  const router = useRouter();
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);

  const send = async (init: RequestInit, notice: string) => {
    setBusy(true);
    const result = await callApi(addressUrl(address._id), init);
    setBusy(false);
    if (result.ok) toast.success(notice);
    else toast.error(result.message);
    router.refresh();
  };
  const remove = async () => {
    const confirmed = await confirm({
      title: words.addresses.remove.title(address.label),
      text: words.addresses.remove.text,
      confirmLabel: words.addresses.remove.button,
    });
    if (confirmed) await send(jsonInit('DELETE'), words.addresses.remove.done(address.label));
  };

  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <AddressDialog address={address} />
      {address.default ? null : (
        <button
          type="button"
          className="btn-secondary px-3 py-1 text-xs"
          aria-label={words.addresses.makeDefault.ariaLabel(address.label)}
          disabled={busy}
          onClick={() =>
            send(
              jsonInit('PATCH', { default: true }),
              words.addresses.makeDefault.done(address.label),
            )
          }
        >
          {words.addresses.makeDefault.button}
        </button>
      )}
      <button
        type="button"
        className="btn-danger px-3 py-1 text-xs"
        aria-label={words.addresses.remove.ariaLabel(address.label)}
        disabled={busy}
        onClick={remove}
      >
        {words.addresses.remove.button}
      </button>
      {dialog}
    </div>
  );
}
