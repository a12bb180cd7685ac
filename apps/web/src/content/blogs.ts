/**
 * The blogs page (SPEC §1): answers to interview questions about React and JavaScript.
 * In paragraphs, text between backticks is shown as code.
 */
/** What the page is, under its heading and as its description for search engines and shared links. */
export const BLOGS_INTRO = 'Answers to questions we are often asked in interviews about React and JavaScript.';

export interface BlogPost {
  /** Anchor on the blogs page, e.g. /blogs#strict-equality. */
  id: string;
  question: string;
  paragraphs: readonly string[];
  /** An optional code sample shown after the paragraphs. */
  example?: string;
}

export const blogPosts: readonly BlogPost[] = [
  {
    id: 'react-rendering',
    question: 'How does React render and re-render a component?',
    paragraphs: [
      'Rendering is React calling your component function to find out what the UI should look like. The function returns elements, a plain description of the tree, and React does the DOM work itself. The first render happens when the root is mounted with `createRoot(container).render(<App />)`.',
      'A component renders again when its own state changes (a `useState` setter or a `useReducer` dispatch), when a context it reads gets a new value, or when its parent renders. That last point surprises people: a child re-renders with its parent even when its props did not change, unless it is wrapped in `memo` and its props are shallowly equal.',
      'Each render then goes through two phases. In the render phase React compares the new element tree with the previous one (reconciliation): an element of the same type at the same position keeps its DOM node and state, a different type is unmounted and mounted anew, and `key` tells list items apart so that they keep their state when the list is reordered. In the commit phase React applies only the differences to the DOM, runs layout effects and then runs `useEffect` callbacks, usually after the browser has painted.',
      'Because React may call a component more than once (Strict Mode does so on purpose in development), rendering must be pure: no requests, subscriptions or mutations in the function body. Updates made in the same event are batched into one render, and the state a render sees is a snapshot, so `setCount(count + 1)` twice in one handler adds one, while `setCount((c) => c + 1)` twice adds two.',
      'On this shop, the parts list first renders skeleton cards; when the request for the parts finishes, the query cache changes, the list re-renders and React swaps the skeletons for the part cards.',
    ],
  },
  {
    id: 'react-state',
    question: 'What are the different ways to manage state in a React app?',
    paragraphs: [
      'Local state: `useState` for simple values and `useReducer` when several values change together according to rules, such as a multi-step form. Keep state in the lowest component that needs it.',
      'Lifted state: when two siblings need the same value, move it to their closest common parent and pass it down with a setter. This is the default answer before reaching for anything else.',
      'Context: `createContext` and `useContext` share a value with a whole subtree without passing props through every level. It suits values that change rarely, like the signed-in user or a theme, because every consumer re-renders when the value changes.',
      'Server state: data that lives on the backend, such as parts, orders and reviews, is a cache of someone else\'s state. A library like TanStack Query, which this shop uses, fetches it, de-duplicates requests, retries failures, keeps it fresh and gives you loading and error states, so none of it needs to be copied into component state.',
      'URL state: the route and its parameters are state too. A part page reads its id from `/part/:id`, and filters or search terms belong in the query string so that a link or a reload brings the user back to the same view.',
      'Form state: a form library such as React Hook Form keeps field values, touched flags and validation errors, and re-renders only what changed.',
      'External stores: Redux Toolkit, Zustand or a small custom store read through `useSyncExternalStore` fit large amounts of client-only state shared across distant parts of the app. Browser storage (`localStorage`, `sessionStorage`) keeps values across reloads, for example the access token after sign-in.',
      'Whatever the tool, derive what you can instead of storing it: a cart total computed from the items during render can never disagree with them.',
    ],
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypal inheritance work in JavaScript?',
    paragraphs: [
      'Every object has a hidden link to another object, its prototype, which you can read with `Object.getPrototypeOf(obj)`. When you read a property that the object does not have itself, JavaScript looks it up on the prototype, then on the prototype\'s prototype, and so on until it finds it or reaches `null`. This chain is why every array has `map`: it lives once on `Array.prototype`, not on each array.',
      'Writing a property does not walk the chain: assigning `obj.name` creates an own property that shadows the inherited one (unless the chain has a setter for it). `Object.hasOwn(obj, "name")` tells own properties from inherited ones.',
      'Objects get their prototype in three common ways: `Object.create(proto)` sets it directly; `new Fn()` links the new object to `Fn.prototype`; and `class` syntax, which is the same mechanism with friendlier notation. Methods written in a class body live on `Class.prototype`, and `class Child extends Parent` links `Child.prototype` to `Parent.prototype`, so a child instance finds parent methods one step further up the chain.',
      'Because methods are shared through the prototype rather than copied, a thousand part objects can share one `describe` function, and adding a method to the prototype makes it available to every object already linked to it.',
    ],
    example: `const part = {
  describe() {
    return \`\${this.name} costs $\${this.price}\`;
  },
};

const brakePad = Object.create(part);
brakePad.name = 'Brake pad';
brakePad.price = 24;

brakePad.describe(); // 'Brake pad costs $24', found on the prototype
Object.getPrototypeOf(brakePad) === part; // true
Object.hasOwn(brakePad, 'describe'); // false`,
  },
  {
    id: 'unit-tests',
    question: 'Why should you write unit tests?',
    paragraphs: [
      'A unit test checks one small piece, a function or a component, in isolation, and runs in milliseconds. That speed is the point: you can run hundreds of them on every save and learn within seconds that a change broke something, while the change is still fresh in your head.',
      'Tests make refactoring safe. When the behaviour is pinned down by tests, you can restructure the code and let the tests tell you whether anything a user would notice has changed. Without them, every clean-up is a gamble, so nobody cleans up.',
      'They are documentation that cannot go out of date: a test named "rejects an order below the minimum quantity" states a business rule and proves the code follows it. They also push the design in a good direction, because code that is easy to test tends to have small functions with clear inputs and outputs.',
      'On this shop, Vitest and Testing Library check things such as the banner heading, the footer\'s copyright line and the header\'s menu button on small screens. Testing Library finds elements by role and label, the way a user or a screen reader would, so a test that finds the "Login" button also proves that the button has an accessible name.',
      'Unit tests do not prove that the pieces work together, so they are paired with integration tests against the real API and a few browser tests of whole journeys. Good unit tests check behaviour rather than implementation details, so that they fail when something is broken and not merely when something was renamed.',
    ],
  },
  {
    id: 'strict-equality',
    question: 'What is the difference between == and === in JavaScript?',
    paragraphs: [
      '`===` is strict equality: the two values must have the same type and the same value, and no conversion happens. `5 === "5"` is false. Objects and arrays are equal only when both sides are the very same object.',
      '`==` is loose equality: when the types differ, JavaScript converts one or both sides first. Strings are turned into numbers when compared with numbers, booleans become 0 or 1, and objects are turned into primitives. The rules give results that are hard to remember: `"5" == 5`, `0 == ""`, `false == "0"` and `[] == false` are all true, while `null == 0` is false.',
      'The one special case that is useful is that `null` and `undefined` are loosely equal to each other and to nothing else, so `value == null` checks for both at once. Outside that idiom, use `===` and convert explicitly where you mean to, for example `Number(input) === price` when a price arrives from a form as text.',
      'Neither operator treats `NaN` as equal to itself, and both say `0` equals `-0`. `Object.is` differs on exactly these two cases, and `Number.isNaN` is the clear way to test for `NaN`.',
    ],
    example: `'5' == 5;        // true: the string is converted to a number
'5' === 5;       // false: different types
null == undefined; // true
null === undefined; // false
NaN === NaN;     // false; use Number.isNaN(value)`,
  },
  {
    id: 'find-product-by-name',
    question: 'How would you find a product by name in an array of products?',
    paragraphs: [
      'For a single product, `Array.prototype.find` is the clearest tool: it returns the first element for which the callback returns true, or `undefined` when nothing matches, and stops as soon as it finds one. People type names inconsistently, so compare trimmed, lower-cased names rather than the raw strings.',
      'In TypeScript the return type is `Part | undefined`, which forces the caller to handle "no such product", for example by showing a not-found message, instead of crashing on `undefined.price` later.',
      'To find all matches, say for a search box, use `filter` with `includes` so that "brake" finds "Ceramic Brake Pads". If you look names up many times in the same list, build a `Map` from name to product once; each lookup is then constant time instead of a scan of the whole array.',
      'Names are not guaranteed to be unique, so once the user has picked a product, refer to it by its id: this shop\'s part pages use `/part/{id}`, not the name.',
    ],
    example: `function findPartByName(parts: readonly Part[], name: string): Part | undefined {
  const wanted = name.trim().toLocaleLowerCase();
  return parts.find((part) => part.name.toLocaleLowerCase() === wanted);
}

function searchParts(parts: readonly Part[], query: string): Part[] {
  const wanted = query.trim().toLocaleLowerCase();
  return parts.filter((part) => part.name.toLocaleLowerCase().includes(wanted));
}

// Many lookups in the same list: index it once.
const partsByName = new Map(parts.map((part) => [part.name.toLocaleLowerCase(), part]));
partsByName.get('oil filter');`,
  },
];
