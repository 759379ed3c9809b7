'use client';

import { useLightForm } from '@/lib/client/use-light-form';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import type { ContactInput } from '@/lib/contact/schemas';
import { messages } from '@/lib/core/wording';
import { useMessageDialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { postJson } from '@/lib/client/api';

/** The form's zod schema, loaded when the form is first used (lib/client/lazy-resolver.ts). */
const resolver = lazyZodResolver<ContactInput>(() =>
  import('@/lib/contact/schemas').then((module) => module.contactSchema),
);

const empty: ContactInput = { name: '', email: '', address: '', message: '' };

export function ContactForm() {
  const { dialog, show } = useMessageDialog();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useLightForm<ContactInput>({ resolver, defaultValues: empty });

  const onSubmit = handleSubmit(async (values) => {
    const result = await postJson('/api/contact', values);
    if (result.ok) {
      reset(empty);
      show({
        title: messages.contact.successTitle,
        text: messages.contact.successText,
        icon: 'success',
      });
    } else {
      show({ title: messages.errorTitle, text: result.message, icon: 'error' });
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      onFocus={resolver.prepare}
      noValidate
      className="mt-6 space-y-4"
      aria-label="Contact Us"
    >
      <Field id="contact-name" label="Name" error={errors.name?.message}>
        <input type="text" autoComplete="name" required {...register('name')} />
      </Field>
      <Field id="contact-email" label="Email" error={errors.email?.message}>
        <input type="email" autoComplete="email" required {...register('email')} />
      </Field>
      <Field id="contact-address" label="Address" error={errors.address?.message}>
        <input type="text" autoComplete="street-address" required {...register('address')} />
      </Field>
      <Field id="contact-message" label="Message" error={errors.message?.message}>
        <textarea cols={50} rows={5} required {...register('message')} />
      </Field>
      <button type="submit" className="btn-primary" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Submit'}
      </button>
      {dialog}
    </form>
  );
}
