import Link from 'next/link';

/**
 * What a list page shows instead of its list when its URL's query is refused (a filter or page
 * that is not one): each reason, and a link back to the whole list.
 */
export function QueryRefused({
  messages,
  resetHref,
  resetLabel,
}: {
  messages: readonly string[];
  resetHref: string;
  resetLabel: string;
}) {
  return (
    <div role="alert" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-5">
      <ul className="list-disc pl-5 text-sm text-slate-700">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      <Link href={resetHref} className="btn-secondary mt-4">
        {resetLabel}
      </Link>
    </div>
  );
}
