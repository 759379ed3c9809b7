/** A short static page (About us, the policies): a heading, a lead paragraph and sections. */
export function StaticPage({
  title,
  lead,
  sections,
}: {
  title: string;
  lead: React.ReactNode;
  sections: Array<{ heading: string; body: React.ReactNode }>;
}) {
  return (
    <article aria-labelledby="page-title" className="mx-auto max-w-3xl px-4 py-12">
      <h1 id="page-title" className="text-3xl font-bold text-slate-900">
        {title}
      </h1>
      <p className="mt-4 text-lg text-slate-600">{lead}</p>
      {sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-xl font-semibold text-slate-900">{section.heading}</h2>
          <div className="mt-2 space-y-3 text-slate-700">{section.body}</div>
        </section>
      ))}
    </article>
  );
}
