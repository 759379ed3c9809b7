import { imageAttributes } from '@/components/ui/ServerImage';
import contact from '@/public/images/contact.webp';
import { ContactContent } from './ContactContent';

/** The Contact Us section, its picture optimised by next/image on the server. */
export function ContactSection({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  return (
    <ContactContent
      headingLevel={headingLevel}
      picture={imageAttributes({
        src: contact,
        alt: 'Illustration of a letter and a headset',
        sizes: '(min-width: 1024px) 32rem, 100vw',
        className: 'mx-auto h-auto w-full max-w-md',
      })}
    />
  );
}
