import { Link } from 'react-router';
import { portfolio, type PortfolioLink } from '../../content/portfolio';
import { PageMeta } from '../../components/page-meta';
import { portfolioHead } from '../../lib/page-heads';

export function Component() {
  const { name, role, email, location, summary, education, skills, projects } = portfolio;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <PageMeta {...portfolioHead} />
      <header className="border-b border-slate-200 pb-8">
        <h1 className="text-4xl font-extrabold tracking-tight text-ink">{name}</h1>
        <p className="mt-2 text-xl font-medium text-brand-700">{role}</p>
        <p className="mt-4 max-w-2xl text-lg text-slate-600">{summary}</p>
        <dl className="mt-6 grid gap-x-8 gap-y-2 text-slate-700 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold text-ink">E-mail</dt>
          <dd>
            <a href={`mailto:${email}`} className={linkClass}>
              {email}
            </a>
          </dd>
          <dt className="font-semibold text-ink">Based in</dt>
          <dd>{location}</dd>
        </dl>
      </header>

      <section aria-labelledby="education-heading" className="mt-10">
        <h2 id="education-heading" className="text-2xl font-bold text-ink">
          Education
        </h2>
        <ul className="mt-4 space-y-4">
          {education.map((entry) => (
            <li key={entry.degree}>
              <p className="font-semibold text-ink">{entry.degree}</p>
              <p className="text-slate-600">
                {`${entry.school} · ${entry.years}`}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="skills-heading" className="mt-10">
        <h2 id="skills-heading" className="text-2xl font-bold text-ink">
          Skills
        </h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {skills.map((skill) => (
            <li key={skill} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700">
              {skill}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="projects-heading" className="mt-10">
        <h2 id="projects-heading" className="text-2xl font-bold text-ink">
          Projects
        </h2>
        <ul className="mt-4 grid gap-6 md:grid-cols-2">
          {projects.map((project) => (
            <li key={project.name}>
              <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <h3 className="text-xl font-semibold text-ink">{project.name}</h3>
                <p className="mt-2 flex-1 text-slate-600">{project.description}</p>
                <ul aria-label={`Technologies used in ${project.name}`} className="mt-4 flex flex-wrap gap-2">
                  {project.technologies.map((technology) => (
                    <li key={technology} className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                      {technology}
                    </li>
                  ))}
                </ul>
                {project.links.length > 0 && (
                  <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2">
                    {project.links.map((link) => (
                      <li key={link.href}>
                        <ProjectLink link={link} project={project.name} />
                      </li>
                    ))}
                  </ul>
                )}
              </article>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

const linkClass =
  'rounded font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** Links within this site go through the router; the rest are plain links. Both open in the same tab. */
function ProjectLink({ link, project }: { link: PortfolioLink; project: string }) {
  // The visible label ('Live demo') repeats across projects; the accessible name says which one.
  const label = `${link.label}: ${project}`;
  return link.href.startsWith('/') ? (
    <Link to={link.href} aria-label={label} className={linkClass}>
      {link.label}
    </Link>
  ) : (
    <a href={link.href} aria-label={label} className={linkClass}>
      {link.label}
    </a>
  );
}
