// The page's script (index.html). The page's styles come with it, so that the build puts them in
// the HTML (build/inline-css.ts); the carousel's are among them because the server renders it, and
// it must look the same before its own script has run.
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import './index.css';
import { runAppChunks } from './lib/app-chunks';
import { holdEarlyInput } from './lib/early-input';
import { afterFirstPaint } from './lib/first-paint';
import type { start } from './main';

// The app (main.tsx) is fetched and run once the server's page has been painted (lib/first-paint.ts),
// so that a phone shows that page without waiting for, or sharing its first round trips with,
// the app's script (issue 10: first paint); its chunks then run one task each (lib/app-chunks.ts).
// What the customer does meanwhile on the drawn page is held and sent again once the app answers
// (lib/early-input.ts); should the app not load, at once.
//
// The build puts this script into the HTML (build/inline-boot.ts, allowed by its hash in the CSP):
// fetched, it was a request ahead of the first paint. So it imports nothing: the app is the
// build's other entry, named in the page like its chunks. In development Vite serves the modules.
const loadApp = async () => (import.meta.env.DEV ? import('./main') : ((await runAppChunks()) as { start: typeof start }));

const input = holdEarlyInput();
afterFirstPaint(document.getElementById('root'))
  .then(loadApp)
  .then(({ start }) => start(input))
  .catch((error: unknown) => {
    input.release();
    throw error;
  });
