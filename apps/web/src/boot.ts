// The page's script (index.html). The page's styles come with it, so that the build puts them in
// the HTML (build/inline-css.ts); the carousel's are among them because the server renders it, and
// it must look the same before its own script has run.
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import './index.css';
import { runAppChunks } from './lib/app-chunks';
import { holdEarlyInput } from './lib/early-input';

// The app (main.tsx) runs once the server's page has been drawn: its chunks are already loading
// (index.html preloads them, build/preload-app.ts), but evaluating them and hydrating wait for the
// first frame, which a phone then shows without them (issue 10: first paint), and each chunk runs
// in a task of its own (lib/app-chunks.ts). A hidden tab draws no frames: it goes on after 100 ms.
// What the customer does meanwhile on the drawn page is held and sent again once the app answers
// (lib/early-input.ts); should the app not load, at once.
const input = holdEarlyInput();
void new Promise((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve, 0));
  setTimeout(resolve, 100);
})
  .then(runAppChunks)
  .then(() => import('./main'))
  .then(({ start }) => start(input))
  .catch((error: unknown) => {
    input.release();
    throw error;
  });
