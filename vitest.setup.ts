import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';
import { afterEach, beforeEach, vi } from 'vitest';

// Under jsdom, `Uint8Array` is jsdom's while TextEncoder (Node's) makes Node's, which libraries
// that check `instanceof Uint8Array` (the Parquet writer) refuse; a browser has one realm. The
// bytes are viewed through this realm's Uint8Array, without a copy.
if (!(new TextEncoder().encode('') instanceof Uint8Array)) {
  const Encoder = globalThis.TextEncoder;
  globalThis.TextEncoder = class extends Encoder {
    override encode(input?: string): Uint8Array<ArrayBuffer> {
      const bytes = super.encode(input);
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
  };
}

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
