// jsdom lacks matchMedia (antd Grid/Table need it) and logs noise for pseudo-element styles.
import { configure } from '@testing-library/dom';

// findBy*/waitFor give up after 1 s by default; on CI's two shared cores a dialog's first render
// (antd's motion, a lazy chunk) has taken longer than that. A wrong screen still fails on its
// assertion — only the wait is longer, and it stays under the unit project's 15 s test timeout.
configure({ asyncUtilTimeout: 5000 });

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

const originalGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element) => originalGetComputedStyle(elt);
