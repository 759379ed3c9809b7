import type { Metadata } from 'next';
import { pageMetadata } from '@/lib/core/site';

export const metadata: Metadata = pageMetadata({
  title: 'Blogs',
  description: 'Answers to five common questions about React and testing.',
  path: '/blogs',
});

interface Post {
  id: string;
  question: string;
  answer: React.ReactNode;
}

const posts: Post[] = [
  {
    id: 'react-performance',
    question: 'How will you improve the performance of a React Application?',
    answer: (
      <>
        <p>
          Start by measuring. The React DevTools Profiler shows which components render, how often
          and how long each render takes; the browser&apos;s performance panel and Lighthouse show
          what the user actually waits for. Optimise what the measurements point at, not what looks
          slow in the code.
        </p>
        <p>
          Most wasted time comes from rendering too much. Keep state as close as possible to the
          components that use it, so a change re-renders a small subtree instead of the whole page.
          Where a parent must re-render, wrap expensive children in <code>React.memo</code> and keep
          the props they receive stable with <code>useMemo</code> and <code>useCallback</code>
          (the React Compiler can add these automatically). Give list items stable
          <code> key</code>s, and virtualise long lists so only the visible rows are in the DOM.
        </p>
        <p>
          Then ship and fetch less. Split the bundle by route and load rarely used components with
          <code> React.lazy</code> and <code>Suspense</code>; render on the server where the data
          lives, so the browser receives HTML instead of a spinner and a waterfall of requests; size
          and lazy-load images; and use transitions (<code>useTransition</code>,
          <code> useDeferredValue</code>) so typing and clicking stay responsive while heavy updates
          happen in the background.
        </p>
      </>
    ),
  },
  {
    id: 'state-management',
    question: 'What are the different ways to manage a state in a React application?',
    answer: (
      <>
        <p>
          <strong>Local state</strong> with <code>useState</code> or <code>useReducer</code> is the
          default: a form field, a toggle, a step in a wizard. When two siblings need the same
          value, lift it to their closest common parent and pass it down as props.
        </p>
        <p>
          <strong>Shared client state</strong> that many distant components need, such as the
          signed-in user, a theme or a shopping cart, can live in React Context, or in a small store
          library such as Redux Toolkit, Zustand or Jotai when updates are frequent and you want
          components to subscribe to slices of it without re-rendering everything.
        </p>
        <p>
          <strong>Server state</strong> is data owned by a backend: it needs caching, refetching and
          invalidation rather than a store. Server Components that read data directly, or libraries
          such as TanStack Query and SWR, handle it. <strong>URL state</strong> (path and query
          string) suits filters, pagination and selected tabs, because it survives reloads and can
          be shared as a link. <strong>Form state</strong> is often best left to a form library such
          as React Hook Form, which keeps inputs uncontrolled and validates with a schema.
        </p>
      </>
    ),
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypical inheritance work?',
    answer: (
      <>
        <p>
          Every JavaScript object has an internal link to another object, its prototype (reachable
          with <code>Object.getPrototypeOf(obj)</code>). When you read a property that the object
          does not have itself, the engine looks it up on the prototype, then on the
          prototype&apos;s prototype, and so on until it reaches <code>null</code>. This chain of
          links is the prototype chain, and it is how objects share behaviour without copying it.
        </p>
        <p>
          <code>Object.create(proto)</code> makes an object whose prototype is <code>proto</code>.
          Constructor functions do the same implicitly: <code>new Car()</code> creates an object
          whose prototype is <code>Car.prototype</code>, so methods defined once on
          <code> Car.prototype</code> are available to every car. The <code>class</code> syntax is a
          cleaner way of writing exactly this; <code>class Truck extends Car</code> links
          <code> Truck.prototype</code> to <code>Car.prototype</code>.
        </p>
        <p>
          Writing a property always creates or changes it on the object itself, shadowing any
          property of the same name further up the chain, while reads walk the chain. That is why
          changing a method on a prototype changes it for every object that inherits from it.
        </p>
      </>
    ),
  },
  {
    id: 'set-state-directly',
    question: 'Why you do not set the state directly in React?',
    answer: (
      <>
        <p>
          React only re-renders when it is told that state changed, through the setter returned by
          <code> useState</code> (or <code>setState</code> in a class). If you assign to the state
          variable or mutate the object it holds, for example <code>products.push(item)</code>,
          React is never notified: the screen shows stale data until something else happens to
          re-render it, and then the change appears at an unexpected moment.
        </p>
        <p>
          Mutation also breaks the comparisons React relies on. React decides whether to skip work
          by checking whether the new state is a different object from the old one; a mutated object
          is still the same reference, so memoised components, <code>useEffect</code> dependencies
          and <code>React.memo</code> treat it as unchanged. Updates are also batched and applied
          asynchronously, so reading the variable right after &quot;setting&quot; it directly gives
          a value that React does not agree with.
        </p>
        <p>
          Instead, treat state as immutable: call the setter with a new value, such as
          <code> setProducts([...products, item])</code>, and when the new value depends on the old
          one, pass an updater function, <code>setCount(c =&gt; c + 1)</code>, so queued updates
          compose correctly.
        </p>
      </>
    ),
  },
  {
    id: 'unit-tests',
    question: 'What is a unit test? Why should write unit tests?',
    answer: (
      <>
        <p>
          A unit test checks one small piece of code, such as a function, a hook or a component, in
          isolation from the rest of the system: it gives the unit known inputs and asserts on its
          outputs or its visible behaviour. Unit tests run in milliseconds, so a project can have
          hundreds of them and run them on every change.
        </p>
        <p>
          They catch mistakes at the moment they are made, when they are cheapest to fix. They let
          you refactor with confidence, because a green suite shows that behaviour did not change.
          They document how the code is meant to be used, with examples that cannot go out of date
          without failing. And writing them pushes the design towards small functions with clear
          inputs and outputs, which are easier to understand and to reuse.
        </p>
        <p>
          Unit tests are the base of the testing pyramid, not the whole of it: integration tests
          check that units work together against real dependencies such as a database, and a few
          end-to-end tests drive the application in a real browser the way a person would.
        </p>
      </>
    ),
  },
];

export default function BlogsPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Blogs</h1>
      <p className="mt-2 text-slate-600">
        Questions we are often asked about building web applications.
      </p>
      <nav aria-label="Questions" className="mt-6">
        <ol className="list-decimal space-y-1 pl-5 text-brand-700">
          {posts.map((post) => (
            <li key={post.id}>
              <a href={`#${post.id}`} className="hover:underline">
                {post.question}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-10 space-y-12">
        {posts.map((post) => (
          <article
            key={post.id}
            id={post.id}
            aria-labelledby={`${post.id}-title`}
            className="scroll-mt-8"
          >
            <h2 id={`${post.id}-title`} className="text-2xl font-semibold text-slate-900">
              {post.question}
            </h2>
            <div className="mt-4 space-y-4 leading-7 text-slate-700 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-sm">
              {post.answer}
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}
