import type { Metadata } from 'next';
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

      <section aria-labelledby="skills-title" className="mt-12">
        <h2 id="skills-title" className="text-2xl font-semibold text-slate-900">
          Skills
        </h2>
        <div className="mt-4 grid gap-6 sm:grid-cols-3">
          {skills.map((skill) => (
            <div key={skill.group} className="rounded-xl border border-slate-200 p-5">
              <h3 className="font-semibold text-slate-900">{skill.group}</h3>
              <ul className="mt-2 space-y-1 text-sm text-slate-600">
                {skill.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="projects-title" className="mt-12">
        <h2 id="projects-title" className="text-2xl font-semibold text-slate-900">
          Projects
        </h2>
        <ul className="mt-4 grid gap-6 md:grid-cols-3">
          {projects.map((project) => (
            <li key={project.name} className="rounded-xl border border-slate-200 p-5">
              <h3 className="font-semibold text-slate-900">{project.name}</h3>
              <p className="mt-2 text-sm text-slate-600">{project.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
