import type { Metadata } from 'next';
import { ContactSection } from '@/components/home/ContactSection';
import { pageMetadata } from '@/lib/core/site';

export const metadata: Metadata = pageMetadata({
  title: 'Contact',
  description: 'Write to our sales team about parts, quotes and orders.',
  path: '/contactus',
});

export default function ContactPage() {
  return <ContactSection headingLevel={1} />;
}
