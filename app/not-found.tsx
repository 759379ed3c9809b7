import { ServerImage as Image } from '@/components/ui/ServerImage';
import Link from 'next/link';
import notFoundImage from '@/public/images/not-found.webp';
import { messages } from '@/lib/messages';

export default function NotFound() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center">
      <Image
        src={notFoundImage}
        alt="A broken gear missing its teeth"
        loading="eager"
        fetchPriority="high"
        className="h-auto w-full max-w-md"
      />
      <h1 className="mt-8 text-3xl font-bold text-slate-900">{messages.notFound}</h1>
      <Link href="/" className="btn-primary mt-6">
        Back to Home
      </Link>
    </div>
  );
}
