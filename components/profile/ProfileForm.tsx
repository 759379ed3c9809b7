'use client';

import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { profileSchema, type ProfileInput } from '@/lib/validation/profile';
import { messages } from '@/lib/messages';
import { callApi } from '@/lib/client/api';
import { toast } from '@/components/ui/toast';

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
      <div>
        <label htmlFor="profile-name" className="field-label">
          Name
        </label>
        <input
          id="profile-name"
          type="text"
          autoComplete="name"
          aria-invalid={!!errors.name}
          className="field-input"
          {...register('name')}
        />
        {errors.name ? <p className="field-error">{errors.name.message}</p> : null}
      </div>
      <div>
        <label htmlFor="profile-email" className="field-label">
          Email
        </label>
        <input
          id="profile-email"
          type="email"
          readOnly
          className="field-input bg-slate-50"
          {...register('email')}
        />
      </div>
      {fields.map((field) => (
        <div key={field.name}>
          <label htmlFor={`profile-${field.name}`} className="field-label">
            {field.label}
          </label>
          <input
            id={`profile-${field.name}`}
            type={field.type}
            autoComplete={field.autoComplete}
            aria-invalid={!!errors[field.name]}
            className="field-input"
            {...register(field.name)}
          />
          {errors[field.name] ? <p className="field-error">{errors[field.name]?.message}</p> : null}
        </div>
      ))}
      <button type="submit" className="btn-primary" disabled={isSubmitting}>
        Submit
      </button>
    </form>
  );
}
