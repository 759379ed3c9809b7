import { ServerImage as Image } from '@/components/ui/ServerImage';
import contact from '@/public/images/contact.webp';
import { ContactForm } from '@/components/contact/ContactForm';

export function ContactSection({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
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
        <Image
          src={contact}
          alt="Illustration of a letter and a headset"
          sizes="(min-width: 1024px) 32rem, 100vw"
          className="mx-auto h-auto w-full max-w-md"
        />
      </div>
    </section>
  );
}
