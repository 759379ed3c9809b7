import type { InputHTMLAttributes, Ref } from 'react';

/** The note under a picture input: what the upload routes accept (lib/images). */
export const imageFileHint = 'JPEG, PNG, WebP or GIF, at most 5 MB.';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'accept'> & {
  ref?: Ref<HTMLInputElement>;
};

/** A file input for one picture, whose picker offers the image types the store accepts. */
export function ImageFileInput({ className, ...props }: Props) {
  return (
    <input
      type="file"
      accept="image/jpeg,image/png,image/webp,image/gif"
      className={[
        'block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
      {...props}
    />
  );
}
