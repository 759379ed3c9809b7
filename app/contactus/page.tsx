import type { Metadata } from 'next';
import { ContactSection } from '@/components/home/ContactSection';

export const metadata: Metadata = {
  title: 'Contact',
  description: 'Write to our sales team about parts, quotes and orders.',
};

export default function ContactPage() {
  return <ContactSection headingLevel={1} />;
}
