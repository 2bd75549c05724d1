import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';
import { afterEach, beforeEach, vi } from 'vitest';

// Pages render from real (async) handlers; on a busy 2-core machine the default 1 s wait for
// `findBy…` is too tight. Waiting longer slows nothing that passes.
configure({ asyncUtilTimeout: 5000 });

// A test that logs an error has a bug somewhere, even when its assertions pass.
let errorSpy: { mock: { calls: unknown[][] }; mockRestore: () => void } | undefined;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = errorSpy?.mock.calls ?? [];
  errorSpy?.mockRestore();
  if (calls.length > 0) {
    throw new Error(
      `console.error was called:\n${calls.map((c: unknown[]) => c.map(String).join(' ')).join('\n')}`,
    );
  }
});
