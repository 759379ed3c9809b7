'use client';

import { ContactForm } from '@/components/contact/ContactForm';

/**
 * The Contact Us section (home page and /contactus): heading, line, form and picture. A client
 * component for its weight (as ProductGrid); `picture` is the <img> attributes made on the
 * server (ContactSection).
 */
export function ContactContent({
  headingLevel,
  picture,
}: {
  headingLevel: 1 | 2;
  picture: React.ImgHTMLAttributes<HTMLImageElement>;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section id="contact" aria-labelledby="contact-title" className="bg-slate-50">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 lg:grid-cols-2">
        <div>
          <Heading id="contact-title" className="text-3xl font-bold text-slate-900">
            Contact Us
          </Heading>
          <p className="mt-2 text-slate-600">
            Questions about a part, a quote or an order? Write to us.
          </p>
          <ContactForm />
        </div>
        {/* `picture` carries alt. */}
        {/* eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text */}
        <img {...picture} />
      </div>
    </section>
  );
}
