import { imageAttributes } from '@/components/ui/ServerImage';
import about from '@/public/images/about.webp';
import { DescriptionContent } from './DescriptionContent';

/** The description section, its picture optimised by next/image on the server. */
export function Description() {
  return (
    <DescriptionContent
      picture={imageAttributes({
        src: about,
        alt: 'Pallets of boxed parts ready to ship from our warehouse',
        sizes: '(min-width: 1024px) 40rem, 100vw',
        className: 'h-auto w-full rounded-xl shadow',
      })}
    />
  );
}
