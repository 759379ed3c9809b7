'use client';

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactSchema, type ContactInput } from '@/lib/validation/contact';
import { messages } from '@/lib/messages';
import { useMessageDialog } from '@/components/ui/Dialog';
import { postJson } from '@/lib/client/api';

const empty: ContactInput = { name: '', email: '', address: '', message: '' };

export function ContactForm() {
  const { dialog, show } = useMessageDialog();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput>({ resolver: zodResolver(contactSchema), defaultValues: empty });

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
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4" aria-label="Contact Us">
      <div>
        <label htmlFor="contact-name" className="field-label">
          Name
        </label>
        <input
          id="contact-name"
          type="text"
          autoComplete="name"
          required
          aria-invalid={!!errors.name}
          className="field-input"
          {...register('name')}
        />
        {errors.name ? <p className="field-error">{errors.name.message}</p> : null}
      </div>
      <div>
        <label htmlFor="contact-email" className="field-label">
          Email
        </label>
        <input
          id="contact-email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={!!errors.email}
          className="field-input"
          {...register('email')}
        />
        {errors.email ? <p className="field-error">{errors.email.message}</p> : null}
      </div>
      <div>
        <label htmlFor="contact-address" className="field-label">
          Address
        </label>
        <input
          id="contact-address"
          type="text"
          autoComplete="street-address"
          required
          aria-invalid={!!errors.address}
          className="field-input"
          {...register('address')}
        />
        {errors.address ? <p className="field-error">{errors.address.message}</p> : null}
      </div>
      <div>
        <label htmlFor="contact-message" className="field-label">
          Message
        </label>
        <textarea
          id="contact-message"
          cols={50}
          rows={5}
          required
          aria-invalid={!!errors.message}
          className="field-input"
          {...register('message')}
        />
        {errors.message ? <p className="field-error">{errors.message.message}</p> : null}
      </div>
      <button type="submit" className="btn-primary" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Submit'}
      </button>
      {dialog}
    </form>
  );
}
