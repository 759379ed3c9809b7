import { ServerImage as Image } from '@/components/ui/ServerImage';
import Link from 'next/link';
import notFoundImage from '@/public/images/not-found.webp';
import { messages } from '@/lib/core/messages';

// The picture loads lazily (it is in the first screen, so at once): this boundary is part of
// every page's server payload, and React preloads each eagerly loaded <img> it renders there,
// so an eager picture here would be downloaded with every page, competing with its own.
export default function NotFound() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center">
      <Image
        src={notFoundImage}
        alt="A broken gear missing its teeth"
        className="h-auto w-full max-w-md"
      />
      <h1 className="mt-8 text-3xl font-bold text-slate-900">{messages.notFound}</h1>
      <Link href="/" className="btn-primary mt-6">
        Back to Home
      </Link>
    </div>
  );
}
