'use client';

import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { profileSchema, type ProfileInput } from '@/lib/validation/profile';
import { messages } from '@/lib/messages';
import { callApi } from '@/lib/client/api';
import { toast } from '@/components/ui/toast';
import { Field } from '@/components/ui/Field';

const fields = [
  { name: 'education', label: 'Education', type: 'text', autoComplete: 'off' },
  { name: 'location', label: 'Location', type: 'text', autoComplete: 'address-level2' },
  { name: 'link', label: 'Link', type: 'url', autoComplete: 'url' },
] as const;

export function ProfileForm({ initial }: { initial: ProfileInput }) {
  const router = useRouter();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput>({ resolver: zodResolver(profileSchema), defaultValues: initial });

  const onSubmit = handleSubmit(async (values) => {
    const result = await callApi(`/api/userdetail/${encodeURIComponent(initial.email)}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(values),
    });
    if (result.ok) {
      toast.success(messages.profile.updated);
      router.refresh();
    } else {
      toast.error(result.message);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-6 max-w-xl space-y-4"
      aria-label="My Profile"
    >
      <Field id="profile-name" label="Name" error={errors.name?.message}>
        <input type="text" autoComplete="name" {...register('name')} />
      </Field>
      <Field id="profile-email" label="Email">
        <input type="email" readOnly className="bg-slate-50" {...register('email')} />
      </Field>
      {fields.map((field) => (
        <Field
          key={field.name}
          id={`profile-${field.name}`}
          label={field.label}
          error={errors[field.name]?.message}
        >
          <input type={field.type} autoComplete={field.autoComplete} {...register(field.name)} />
        </Field>
      ))}
      <button type="submit" className="btn-primary" disabled={isSubmitting}>
        Submit
      </button>
    </form>
  );
}
