/**
 * Everything the portfolio page shows. The profile is a placeholder until the developer fills in their
 * own: the e-mail uses the reserved example.com domain so it reaches no one. A project links only to
 * an address that answers: the invented ones (`fleet-tracker.example.com`, `code.example.com`) led
 * a visitor to the browser's "site can't be reached" page (decision 131); add the real ones here.
 */
export interface PortfolioLink {
  label: string;
  /** A path on this site ('/') or a full URL. */
  href: string;
}

interface Education {
  degree: string;
  school: string;
  years: string;
}

interface Project {
  name: string;
  description: string;
  technologies: readonly string[];
  /** Where to see it; none for a project with no public address. */
  links: readonly PortfolioLink[];
}

export interface Portfolio {
  name: string;
  role: string;
  email: string;
  location: string;
  summary: string;
  education: readonly Education[];
  skills: readonly string[];
  projects: readonly Project[];
}

export const portfolio: Portfolio = {
  name: 'Jordan Reyes',
  role: 'Full-stack web developer',
  email: 'jordan.reyes@example.com',
  location: 'Detroit, Michigan',
  summary:
    'I build web shops and business tools with React, TypeScript and Node.js, with a focus on fast pages, accessible interfaces and code the next developer can read in an afternoon.',
  education: [
    {
      degree: 'BSc in Computer Science',
      school: 'Wayne State University',
      years: '2017 – 2021',
    },
    {
      degree: 'Web Accessibility Specialist course',
      school: 'Online, self-paced',
      years: '2022',
    },
  ],
  skills: [
    'JavaScript (ES2023)',
    'TypeScript',
    'React and React Router',
    'TanStack Query',
    'Tailwind CSS',
    'Node.js and Fastify',
    'PostgreSQL',
    'REST API design',
    'Vitest, Testing Library and Playwright',
    'Web accessibility (WCAG 2.2)',
    'Git and GitHub Actions',
  ],
  projects: [
    {
      name: 'Autoparts Manufacturer',
      description:
        'This web shop: customers browse car parts, order in workshop quantities, pay and review; admins manage orders, products and users. Tested from unit tests up to journeys in a real browser.',
      technologies: ['React', 'TypeScript', 'Tailwind CSS', 'Fastify', 'PostgreSQL'],
      links: [{ label: 'Visit the shop', href: '/' }],
    },
    {
      name: 'Fleet Service Tracker',
      description:
        'A dashboard for a van-rental company that schedules services from mileage readings and warns the workshop a week before each vehicle is due.',
      technologies: ['React', 'Node.js', 'PostgreSQL', 'Chart.js'],
      links: [],
    },
    {
      name: 'Garage Booking',
      description:
        'An online booking page for an independent garage: customers pick a service and a free slot, and the mechanics get a day plan on a tablet.',
      technologies: ['Next.js', 'TypeScript', 'Prisma'],
      links: [],
    },
  ],
};
