import { act, render, screen, waitFor } from '@testing-library/react';
import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { HydrateLater, hydrateInSlices } from './hydrate-later';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <section aria-label={label}>
      <button type="button" onClick={() => setCount(count + 1)}>
        {label} {count}
      </button>
    </section>
  );
}

function Page() {
  return (
    <main>
      <Counter label="Top" />
      <HydrateLater name="test-first">
        <Counter label="First" />
      </HydrateLater>
      <HydrateLater name="test-second">
        <Counter label="Second" />
      </HydrateLater>
    </main>
  );
}

describe('HydrateLater', () => {
  it('keeps the server’s sections as they are, then hydrates them one task each after the rest', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString((<Page />) as unknown as VNode);
    document.body.append(container);
    const serverSections = [...container.querySelectorAll('section')];
    expect(serverSections.map((section) => section.textContent)).toEqual(['Top 0', 'First 0', 'Second 0']);

    act(() => hydrateInSlices(() => hydrateRoot(container, <Page />)));
    // Hydrated at once: the section outside any boundary answers a click.
    act(() => screen.getByRole('button', { name: 'Top 0' }).click());
    expect(screen.getByRole('button', { name: 'Top 1' })).toBeInTheDocument();
    // Put off: the server's button is there, not yet hydrated, and nothing was drawn twice.
    act(() => screen.getByRole('button', { name: 'Second 0' }).click());
    expect(screen.getByRole('button', { name: 'Second 0' })).toBeInTheDocument();
    expect(container.querySelectorAll('section')).toHaveLength(3);

    // Then each in its turn, in the server's own elements.
    await waitFor(() => {
      act(() => screen.getByRole('button', { name: /^Second/ }).click());
      expect(screen.getByRole('button', { name: /^Second [1-9]/ })).toBeInTheDocument();
    });
    act(() => screen.getByRole('button', { name: 'First 0' }).click());
    expect(screen.getByRole('button', { name: 'First 1' })).toBeInTheDocument();
    const sections = [...container.querySelectorAll('section')];
    serverSections.forEach((section, index) => expect(sections[index]).toBe(section));
    container.remove();
  });

  it('renders its section at once when nothing is being hydrated (on the server, or a page drawn in the browser)', () => {
    expect(renderToString((<Page />) as unknown as VNode)).toContain('Second 0');
    render(<Page />);
    act(() => screen.getByRole('button', { name: 'Second 0' }).click());
    expect(screen.getByRole('button', { name: 'Second 1' })).toBeInTheDocument();
  });
});
