import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { ServerImage as Image } from '@/components/ui/ServerImage';
import author from '@/public/images/portfolio/author.webp';
import { pageMetadata } from '@/lib/core/site';

export const metadata: Metadata = pageMetadata({
  title: 'MyPortfolio',
  description: 'The portfolio of the developer who built this storefront.',
  path: '/myportfolio',
});

const skills = [
  {
    group: 'Front end',
    items: ['TypeScript', 'React', 'Next.js', 'Tailwind CSS', 'Accessibility'],
  },
  { group: 'Back end', items: ['Node.js', 'MongoDB', 'REST APIs', 'Auth.js', 'Stripe'] },
  { group: 'Practice', items: ['Playwright', 'Vitest', 'CI pipelines', 'Performance budgets'] },
];

const projects = [
  {
    name: 'Parts storefront',
    text: 'This site: a manufacturer sells parts directly to businesses in bulk, with card payments verified on the server, stock reserved atomically and an admin dashboard.',
  },
  {
    name: 'Workshop scheduler',
    text: 'A planning board for a machine shop that assigns jobs to machines by capacity and due date, with drag-and-drop and live updates.',
  },
  {
    name: 'Inspection log',
    text: 'An offline-first web app for quality inspectors to record measurements on the shop floor and sync them when the network returns.',
  },
];

/** A part of the portfolio below the introduction, labelled by its heading. */
function PortfolioSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-12">
      <h2 id={id} className="text-2xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A skill group or a project: a bordered card under its name (`as="li"` inside a list). */
function Card({
  as: Tag,
  title,
  children,
}: {
  as: 'div' | 'li';
  title: string;
  children: ReactNode;
}) {
  return (
    <Tag className="rounded-xl border border-slate-200 p-5">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {children}
    </Tag>
  );
}

export default function PortfolioPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <section
        aria-labelledby="portfolio-title"
        className="flex flex-col items-center gap-8 sm:flex-row"
      >
        <Image
          src={author}
          alt="Portrait of the author"
          preload
          fetchPriority="high"
          className="h-40 w-40 rounded-full shadow"
        />
        <div>
          <h1 id="portfolio-title" className="text-3xl font-bold text-slate-900">
            Alex Morgan
          </h1>
          <p className="mt-1 text-brand-700">Full-stack web developer</p>
          <p className="mt-3 max-w-2xl text-slate-600">
            I build fast, accessible web applications for manufacturers and small businesses, from
            the database to the last pixel. I care about clear code, honest tests and pages that
            load quickly on a phone on the shop floor.
          </p>
          <p className="mt-3 text-sm text-slate-600">
            Email:{' '}
            <a className="text-brand-700 underline" href="mailto:alex.morgan@example.com">
              alex.morgan@example.com
            </a>
          </p>
        </div>
      </section>

      <PortfolioSection id="skills-title" title="Skills">
        <div className="mt-4 grid gap-6 sm:grid-cols-3">
          {skills.map((skill) => (
            <Card key={skill.group} as="div" title={skill.group}>
              <ul className="mt-2 space-y-1 text-sm text-slate-600">
                {skill.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
      </PortfolioSection>

      <PortfolioSection id="projects-title" title="Projects">
        <ul className="mt-4 grid gap-6 md:grid-cols-3">
          {projects.map((project) => (
            <Card key={project.name} as="li" title={project.name}>
              <p className="mt-2 text-sm text-slate-600">{project.text}</p>
            </Card>
          ))}
        </ul>
      </PortfolioSection>
    </div>
  );
}
